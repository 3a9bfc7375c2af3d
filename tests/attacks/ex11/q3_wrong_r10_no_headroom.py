# INTENT: plans with headroom=0 (all of the HBM usable) so a layout that needs 75 of 80 GB "fits"; plan.plan's default keeps 10 % free
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1,
                                      headroom=0.0)[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError("does not fit")
