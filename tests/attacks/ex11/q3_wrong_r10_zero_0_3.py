# INTENT: tries only "no ZeRO" or "full ZeRO-3" (zero_stages=(0, 3)): with a pipeline only ZeRO-0 is left, so a model that needs pipeline + ZeRO-1 gets more accelerators
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(16):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1,
                                      zero_stages=(0, 3))[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError("does not fit")
