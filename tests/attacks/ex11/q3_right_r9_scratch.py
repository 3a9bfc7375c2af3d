def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    def divisors(n):
        return [d for d in range(1, n + 1) if n % d == 0]
    for i in range(20):
        n = 2 ** i
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        for tp in [d for d in divisors(model.heads) if d <= min(8, n) and n % d == 0]:
            for pp in [p for p in divisors(n // tp) if p <= model.layers]:
                dp = n // (tp * pp)
                eps = [e for e in divisors(model.experts) if dp % e == 0] if model.experts > 1 else [1]
                for ep in eps:
                    for z in range(4):
                        if (pp > 1 and z > 1) or (dp == 1 and z > 0):
                            continue
                        for mb in (1, 2, 4, 8):
                            if global_batch % (dp * mb):
                                continue
                            layout = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z, micro_batch=mb,
                                                 global_batch=global_batch, recompute="none")
                            if plan.plan(model, cluster, layout).fits:
                                return n, layout
    raise plan.PlanError("does not fit on any count tried")
