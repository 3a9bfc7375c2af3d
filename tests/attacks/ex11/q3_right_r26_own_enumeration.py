# INTENT: right: own enumeration of every layout plan.search would try (tp | heads within a node, pp <= layers, ep | experts and dp, ZeRO 0-3 with 2/3 only at pp=1 and ZeRO only at dp>=2, micro-batch 1/2/4/8, no recompute, cp=1), powers of two up to 2**20, returning the first layout that fits (least memory).
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for exp in range(21):
        n = 2**exp
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        best = None
        for tp in [d for d in range(1, min(8, model.heads) + 1) if model.heads % d == 0 and n % d == 0]:
            for pp in [p for p in range(1, min(model.layers, n // tp) + 1) if (n // tp) % p == 0]:
                dp = n // (tp * pp)
                eps = [e for e in range(1, model.experts + 1) if model.experts % e == 0 and dp % e == 0] \
                    if model.experts > 1 else [1]
                for ep in eps:
                    for z in (0, 1, 2, 3):
                        if (pp > 1 and z > 1) or (dp == 1 and z > 0):
                            continue
                        for mb in (1, 2, 4, 8):
                            if global_batch % (dp * mb):
                                continue
                            lay = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z, micro_batch=mb,
                                              global_batch=global_batch, recompute="none")
                            p = plan.plan(model, cluster, lay)
                            if p.fits and (best is None or p.memory["total"] < best.memory["total"]):
                                best = p
        if best is not None:
            return n, best.layout
    raise plan.PlanError(f"{model.name} fits on no power of two up to 2**20 of {accelerator}")
