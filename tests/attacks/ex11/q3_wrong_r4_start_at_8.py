# INTENT: starts at one full node (8): a model that fits on fewer is reported at 8
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 8
    while count <= 2**16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            count *= 2
            continue
        return count, best[0].layout
    raise plan.PlanError("no count fits")
