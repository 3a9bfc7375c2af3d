# INTENT: starts at one full node (8) "because 8 per node": wrong for a model that fits on fewer
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(3, 20):
        count = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, count), global_batch,
                               top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return count, best[0].layout
    raise plan.PlanError("none")
