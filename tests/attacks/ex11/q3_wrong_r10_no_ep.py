# INTENT: enumerates tp x pp x dp, ZeRO and micro-batches by hand but forgets expert parallelism (ep stays 1): a mixture-of-experts model gets more accelerators than it needs
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 8192:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        for tp in [t for t in range(1, min(8, count) + 1) if model.heads % t == 0 and count % t == 0]:
            for pp in [p for p in range(1, count // tp + 1) if (count // tp) % p == 0 and p <= model.layers]:
                dp = count // (tp * pp)
                for z in (0, 1) if pp > 1 else (0, 1, 2, 3):
                    if global_batch % dp:
                        continue
                    layout = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=1, global_batch=global_batch)
                    if plan.plan(model, cluster, layout).fits:
                        return count, layout
        count *= 2
    raise plan.PlanError("does not fit")
