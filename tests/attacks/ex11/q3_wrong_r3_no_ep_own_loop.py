# RULED wrong (issue 38, round 10; filed right): it never tries expert parallelism (ep stays 1), so a mixture-of-experts model gets more accelerators than the fewest (a hidden 8-expert model: 64, not 32); the prompt says some layout gpukit.plan plans, ep included
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        for tp in [d for d in range(1, count + 1) if count % d == 0 and model.heads % d == 0 and d <= cluster.per_node]:
            for pp in [p for p in range(1, count // tp + 1) if (count // tp) % p == 0 and p <= model.layers]:
                dp = count // (tp * pp)
                for z in (0, 1, 2, 3):
                    if (pp > 1 and z > 1) or (dp == 1 and z > 0):
                        continue
                    for mb in (1, 2, 4, 8):
                        if global_batch % (dp * mb):
                            continue
                        layout = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                        if plan.plan(model, cluster, layout).fits:
                            return count, layout
    raise plan.PlanError("no power of two up to 2**19 fits")
