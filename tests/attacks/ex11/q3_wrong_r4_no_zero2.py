# INTENT: skips ZeRO-2 ("stage 2 is between 1 and 3, never the answer") and ZeRO-3 ("too slow"): zero_stages=(0, 1)... with pp only up to 8
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2**16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            plans = plan.search(model, cluster, global_batch, top=10**6, recompute=("none",), max_cp=1, zero_stages=(0, 1))
            best = [p for p in plans if p.layout.pp <= 8]
        except plan.PlanError:
            best = []
        if best:
            return count, best[0].layout
        count *= 2
    raise plan.PlanError("no count fits")
