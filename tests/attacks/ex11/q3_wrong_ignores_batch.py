# INTENT: wrong - ignores the global_batch argument: plans every count at a global batch equal to the device count (micro-batch 1) and returns that layout, whose global_batch is not the requested one (public check: passed)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for k in range(14):
        n = 2 ** k
        try:
            best = plan.recommend(model, plan.Cluster(accelerator, n, per_node=min(8, n)), n,
                                  recompute=("none",), max_cp=1, micro_batches=(1,))
        except plan.PlanError:
            continue
        return n, best.layout
