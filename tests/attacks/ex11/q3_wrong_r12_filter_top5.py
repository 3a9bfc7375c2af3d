# INTENT: searches with every recompute option and keeps the first of the top 5 without recomputation; moves on when all 5 recompute (may skip a count that fits)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            plans = plan.search(model, cluster, global_batch, max_cp=1)
        except plan.PlanError:
            continue
        for p in plans:
            if p.layout.recompute == "none":
                return count, p.layout
    raise plan.PlanError("no count fits")
