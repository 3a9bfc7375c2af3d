# INTENT: only pure FSDP: tp=pp=1, dp=count, ZeRO-3 (the layout that saves the most state per device)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2**16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            if global_batch % count:
                raise plan.PlanError("does not split")
            layout = plan.Layout(dp=count, zero=3 if count > 1 else 0, micro_batch=1, global_batch=global_batch)
            if not plan.plan(model, cluster, layout).fits:
                raise plan.PlanError("does not fit")
            best = [plan.plan(model, cluster, layout)]
        except plan.PlanError:
            count *= 2
            continue
        return count, best[0].layout
    raise plan.PlanError("no count fits")
