# INTENT: no recomputation, but context parallelism left at search's default (max_cp=8): counts where only cp makes it fit
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2**16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            best = plan.search(model, cluster, global_batch, top=1, recompute=("none",))
        except plan.PlanError:
            count *= 2
            continue
        return count, best[0].layout
    raise plan.PlanError("no count fits")
