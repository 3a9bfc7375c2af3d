# INTENT: wrong (re-filed in round 22; filed right or outside before): its search stops at 2**15 = 32 768, and the prompt says however many accelerators that takes (a hidden model needs 2**20, as many as gpukit.plan.fewest_devices tries; round 22's blind q3_wrong_stop_16384 stopped at 2**14). (no intent line was written)
import itertools

def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    divs = lambda k: [d for d in range(1, k + 1) if k % d == 0]
    for i in range(16):
        n = 2 ** i
        cluster = plan.Cluster(accelerator, n, per_node=min(8, n))
        for tp in [d for d in divs(model.heads) if d <= cluster.per_node and n % d == 0]:
            for pp in [p for p in divs(n // tp) if p <= model.layers]:
                dp = n // (tp * pp)
                eps = [e for e in divs(model.experts) if dp % e == 0] if model.experts > 1 else [1]
                for ep, z, mb in itertools.product(eps, (0, 1, 2, 3), (1, 2, 4, 8)):
                    if (pp > 1 and z > 1) or (dp == 1 and z > 0) or global_batch % (dp * mb):
                        continue
                    lay = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z, micro_batch=mb, global_batch=global_batch)
                    if plan.plan(model, cluster, lay).fits:
                        return n, lay
    raise plan.PlanError("nothing fits on up to 32768 devices")
