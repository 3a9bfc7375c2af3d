# INTENT: only tries pure data parallelism with ZeRO-3 (FSDP), micro-batch 1: not the fewest when tensor/pipeline parallelism is needed for the activations, and no layout once count > global batch
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(14):
        count = 2 ** i
        if global_batch % count:
            continue
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        layout = plan.Layout(dp=count, zero=3 if count > 1 else 0, micro_batch=1, global_batch=global_batch)
        if plan.plan(model, cluster, layout).fits:
            return count, layout
    raise plan.PlanError("does not fit")
