# INTENT: wrong - its own fit test against the full HBM (total <= hbm), forgetting the planner's 10 % headroom, so it may return a count/layout that does not fit (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    hbm = plan.ACCELERATORS[accelerator]["hbm"]
    n = 1
    while True:
        cands = []
        for tp in [d for d in (1, 2, 4, 8) if d <= min(n, 8) and n % d == 0 and model.heads % d == 0]:
            for pp in [p for p in range(1, n // tp + 1) if (n // tp) % p == 0 and p <= model.layers]:
                dp = n // (tp * pp)
                for z in ((0,) if dp == 1 else (0, 1) if pp > 1 else (0, 1, 2, 3)):
                    for mb in (1, 2, 4, 8):
                        if global_batch % (dp * mb) == 0:
                            lay = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                            cands.append((plan.memory(model, lay)["total"], lay))
        fit = [c for c in cands if c[0] <= hbm]
        if fit:
            return n, min(fit, key=lambda c: c[0])[1]
        n *= 2
