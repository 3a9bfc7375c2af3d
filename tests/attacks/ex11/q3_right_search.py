# INTENT: correct - doubles the count and asks plan.search (no recompute, max_cp=1) on the default-node cluster, catching PlanError until some layout fits (public check: passed)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for k in range(20):
        n = 2 ** k
        try:
            best = plan.search(model, plan.Cluster(accelerator, n, per_node=min(8, n)), global_batch, top=1,
                               recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return n, best[0].layout
    raise plan.PlanError("no power-of-two count up to 2**19 fits")
