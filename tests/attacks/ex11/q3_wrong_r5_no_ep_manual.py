# RULED wrong (issue 38, round 10; filed right): it never tries expert parallelism (ep stays 1), so a mixture-of-experts model gets more accelerators than the fewest (a hidden 8-expert model: 64, not 32); the prompt says some layout gpukit.plan plans, ep included
import itertools
from gpukit import plan

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        n = 2 ** i
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        for tp in [d for d in range(1, min(8, n) + 1) if model.heads % d == 0 and n % d == 0]:
            for pp in [p for p in range(1, n // tp + 1) if (n // tp) % p == 0 and p <= model.layers]:
                dp = n // (tp * pp)
                for z, mb in itertools.product((0, 1, 2, 3), (1, 2, 4, 8)):
                    if (pp > 1 and z > 1) or (dp == 1 and z > 0) or global_batch % (dp * mb):
                        continue
                    layout = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb, global_batch=global_batch)
                    if plan.plan(model, cluster, layout).fits:
                        return n, layout
    raise plan.PlanError("nothing fits")
