# INTENT: right: own unbounded doubling search; for each count only the least-memory layouts are planned (micro-batch 1, the highest ZeRO stage plan.search allows, every tp within a node, every pp, every ep), no recomputation, cp=1, SP on; the first count where one fits.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    def divisors(n):
        return [d for d in range(1, n + 1) if n % d == 0]

    count = 1
    while True:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        for tp in [t for t in divisors(model.heads) if t <= cluster.per_node and count % t == 0]:
            for pp in [p for p in divisors(count // tp) if p <= model.layers]:
                dp = count // (tp * pp)
                if global_batch % dp:          # micro-batch 1 is the loosest constraint and the least memory
                    continue
                stage = 0 if dp == 1 else (1 if pp > 1 else 3)
                eps = [e for e in divisors(model.experts) if dp % e == 0] if model.experts > 1 else [1]
                for ep in eps:
                    layout = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=stage, micro_batch=1,
                                         global_batch=global_batch, recompute="none")
                    if plan.plan(model, cluster, layout).fits:
                        return count, layout
        count *= 2
        if count > 2**40:
            raise plan.PlanError(f"{model.name} fits on no power-of-two count of {accelerator}")
