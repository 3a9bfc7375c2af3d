# INTENT: starts the doubling at 2 ("distributed training needs at least two"): a model that fits on one accelerator gets 2
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 2
    while count <= 8192:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0].layout
        except plan.PlanError:
            count *= 2
    raise plan.PlanError("does not fit")
