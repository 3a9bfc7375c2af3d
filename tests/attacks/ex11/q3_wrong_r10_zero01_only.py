# INTENT: misreads "ZeRO-2/3 only without a pipeline" as "no ZeRO-2/3": searches ZeRO 0 and 1 only, so a model that needs ZeRO-3 sharding gets a larger count
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1,
                                      zero_stages=(0, 1))[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError("does not fit")
