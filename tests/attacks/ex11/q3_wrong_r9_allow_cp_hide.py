# INTENT: counts with context parallelism allowed (cp lowers the count for long sequences), then returns a cp=1 layout of that count if there is one, else the cp>1 one
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        try:
            plans = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                                top=10**6, recompute=("none",), max_cp=8)
        except plan.PlanError:
            continue
        no_cp = [p for p in plans if p.layout.cp == 1]
        return count, (no_cp or plans)[0].layout
    raise plan.PlanError("none")
