# INTENT: correct - its own loop over powers of two: on each Cluster (per_node = min(8, count)) it enumerates tp dividing the heads within a node, pp up to the layers, ZeRO stages and micro-batches, no recompute, cp=1, keeps layouts plan.plan says fit and returns the first count with one (public check: passed)
# RULED wrong (issue 38, round 10; filed right): it never tries expert parallelism (ep stays 1), so a mixture-of-experts model gets more accelerators than the fewest (a hidden 8-expert model: 64, not 32); the prompt says some layout gpukit.plan plans, ep included
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2 ** 16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        fitting = []
        for tp in (d for d in range(1, min(count, cluster.per_node, model.heads) + 1)
                   if model.heads % d == 0 and count % d == 0):
            for pp in (p for p in range(1, min(count // tp, model.layers) + 1) if (count // tp) % p == 0):
                dp = count // (tp * pp)
                for z in range(4):
                    if (dp == 1 and z > 0) or (pp > 1 and z > 1):
                        continue          # nothing to shard / a pipeline keeps its stage's state whole
                    for mb in (1, 2, 4, 8):
                        if global_batch % (dp * mb):
                            continue
                        layout = plan.Layout(tp=tp, pp=pp, dp=dp, zero=z, micro_batch=mb,
                                             global_batch=global_batch, recompute="none")
                        p = plan.plan(model, cluster, layout)
                        if p.fits:
                            fitting.append(p)
        if fitting:
            return count, min(fitting, key=lambda p: p.memory["total"]).layout
        count *= 2
    raise plan.PlanError(f"{model.name} does not fit on up to {2 ** 16} x {accelerator}")
