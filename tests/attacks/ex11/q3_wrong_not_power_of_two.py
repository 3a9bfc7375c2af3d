# INTENT: wrong - tries every count 1, 2, 3, ... instead of powers of two, so it can return a count that is not a power of two (public check: passed)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for n in range(1, 8193):
        try:
            best = plan.recommend(model, plan.Cluster(accelerator, n, per_node=min(8, n)), global_batch,
                                  recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return n, best.layout
    raise plan.PlanError("does not fit")
