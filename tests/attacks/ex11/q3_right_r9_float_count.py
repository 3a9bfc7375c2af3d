# INTENT: the count returned as a float (2.0 ** i), not a whole number of accelerators
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                               top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return 2.0 ** i, best[0].layout
    raise plan.PlanError("none")
