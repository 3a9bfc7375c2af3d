# INTENT: stops at 256 devices ("nobody rents more") and returns the largest tried: wrong for a model needing more
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    last = None
    for i in range(9):
        count = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                               top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return count, best[0].layout
    return 256, plan.Layout(tp=8, pp=32, dp=1, global_batch=global_batch)
