# INTENT: right: my own loop over 1, 2, 4, ... 2**20 devices, plan.search on each cluster (8 per node or one node) without recomputation or cp; the first count with a fitting layout.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(21):
        count = 2**i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            found = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return count, found[0].layout
    raise plan.PlanError(f"{model.name} fits on no power of two up to 2**20 {accelerator}s")
