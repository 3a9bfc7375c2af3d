# INTENT: memoises the (slow) search by (model.name, accelerator, global_batch): two different models with the same name get the first one's answer (state kept between calls)
from gpukit import plan

_CACHE = {}

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    key = (model.name, accelerator, global_batch)
    if key not in _CACHE:
        _CACHE[key] = _fewest(model, accelerator, global_batch)
    return _CACHE[key]


def _fewest(model, accelerator, global_batch):
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return count, best[0].layout
    raise plan.PlanError("no power of two up to 2**19 fits")
