# INTENT: memoises on (model.name, accelerator): another model with the same name, or another global batch, gets the old answer
_memo = {}


def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    key = (model.name, accelerator)
    if key not in _memo:
        best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
        _memo[key] = (best.cluster.count, best.layout)
    return _memo[key]
