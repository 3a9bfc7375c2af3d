# INTENT: tries only micro_batch 1 and pp=1 (tensor x data parallelism only, "pipelines are slow"): not the fewest when only a pipeline fits
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        n = 2 ** i
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        for tp in (1, 2, 4, 8):
            if tp > n or n % tp or model.heads % tp:
                continue
            dp = n // tp
            if global_batch % dp:
                continue
            for z in (0, 1, 2, 3):
                if dp == 1 and z:
                    continue
                layout = plan.Layout(tp=tp, dp=dp, zero=z, global_batch=global_batch)
                if plan.plan(model, cluster, layout).fits:
                    return n, layout
    raise plan.PlanError("none")
