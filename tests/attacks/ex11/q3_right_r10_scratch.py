def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    def divisors(n):
        return [d for d in range(1, n + 1) if n % d == 0]

    count = 1
    while count <= 2 ** 16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        for tp in [t for t in divisors(model.heads) if count % t == 0 and t <= cluster.per_node]:
            for pp in [p for p in divisors(count // tp) if p <= model.layers]:
                dp = count // (tp * pp)
                eps = [e for e in divisors(model.experts) if dp % e == 0] if model.experts > 1 else [1]
                for ep in eps:
                    for z in range(4):
                        if (pp > 1 and z > 1) or (dp == 1 and z > 0):
                            continue
                        for mb in (1, 2, 4, 8, 16):
                            if global_batch % (dp * mb):
                                continue
                            layout = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z, micro_batch=mb,
                                                 global_batch=global_batch)
                            if plan.plan(model, cluster, layout).fits:
                                return count, layout
        count *= 2
    raise plan.PlanError("no power of two up to 65536 fits")
