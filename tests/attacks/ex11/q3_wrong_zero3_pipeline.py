# INTENT: wrong - own enumeration that also allows ZeRO-2/3 with a pipeline (pp > 1), layouts gpukit.plan's search rules out (a pipeline keeps each stage's weights and gradients whole), so it returns e.g. tp1 x pp16 x dp64 ZeRO-3 whose memory is under-counted (public check: passed)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    n = 1
    while True:
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        for tp in [d for d in (1, 2, 4, 8) if d <= cluster.per_node and n % d == 0 and model.heads % d == 0]:
            for pp in [p for p in range(1, n // tp + 1) if (n // tp) % p == 0 and p <= model.layers]:
                dp = n // (tp * pp)
                for z in ((0,) if dp == 1 else (0, 1, 2, 3)):
                    for mb in (1, 2, 4, 8):
                        if global_batch % (dp * mb) == 0:
                            lay = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                            if plan.plan(model, cluster, lay).fits:
                                return n, lay
        n *= 2
