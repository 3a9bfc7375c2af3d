# INTENT: turns sequence parallelism off ("safer", plan.search default is on): with tp > 1 the replicated activations are not split, so the count may not be the fewest
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count)
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1,
                                      sequence_parallel=False)[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError("does not fit")
