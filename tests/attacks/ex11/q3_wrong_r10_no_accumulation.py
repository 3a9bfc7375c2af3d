# INTENT: no gradient accumulation: each replica runs its whole share of the batch at once (micro_batch = global_batch / dp), so activations are larger than needed and the count is not the fewest
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(16):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        for tp in [t for t in (1, 2, 4, 8) if t <= count and model.heads % t == 0 and count % t == 0]:
            for pp in [p for p in range(1, count // tp + 1) if (count // tp) % p == 0 and p <= model.layers]:
                dp = count // (tp * pp)
                if global_batch % dp:
                    continue
                eps = [e for e in range(1, model.experts + 1) if model.experts % e == 0 and dp % e == 0]
                for ep in eps:
                    for z in ((0, 1) if pp > 1 else (0, 1, 2, 3)):
                        layout = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z,
                                             micro_batch=global_batch // dp, global_batch=global_batch)
                        if plan.plan(model, cluster, layout).fits:
                            return count, layout
    raise plan.PlanError("does not fit")
