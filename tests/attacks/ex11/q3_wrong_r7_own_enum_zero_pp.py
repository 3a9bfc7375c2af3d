# INTENT: its own enumeration of layouts (no search): allows ZeRO-2/3 together with a pipeline, which plan.search never plans
import itertools


def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        n = 2 ** i
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        best = None
        for tp in [d for d in range(1, min(8, n) + 1) if model.heads % d == 0 and n % d == 0]:
            for pp in [p for p in range(1, n // tp + 1) if (n // tp) % p == 0 and p <= model.layers]:
                dp = n // (tp * pp)
                for z, mb in itertools.product((3, 2, 1, 0), (1, 2, 4, 8)):
                    if (dp == 1 and z > 0) or global_batch % (dp * mb):
                        continue
                    lay = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                    try:
                        p = plan.plan(model, cluster, lay)
                    except plan.PlanError:
                        continue
                    if p.fits and (best is None or p.memory["total"] < best.memory["total"]):
                        best = p
        if best is not None:
            return n, best.layout
    raise plan.PlanError("none")
