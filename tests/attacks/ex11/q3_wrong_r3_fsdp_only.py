# INTENT: only tries pure data parallelism with ZeRO-3 (FSDP), never tensor/pipeline parallelism: not the fewest when activations need tp
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        if global_batch % count:
            continue
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        layout = plan.Layout(dp=count, zero=3 if count > 1 else 0, micro_batch=1, global_batch=global_batch)
        if plan.plan(model, cluster, layout).fits:
            return count, layout
