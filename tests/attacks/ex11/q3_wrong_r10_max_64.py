# INTENT: only looks up to 8 nodes (64 accelerators, "nobody rents more for a course"): a model that needs 128 or more raises instead of returning the fewest count
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for count in (1, 2, 4, 8, 16, 32, 64):
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError(f"{model.name} does not fit on 64 {accelerator}s")
