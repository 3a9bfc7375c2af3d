# INTENT: decides "fits" with its own part-by-part plan (weights, gradients, optimizer, activations <= 90 % of HBM), forgetting the fp32 logits plan.plan also counts: may call a layout fitting that does not
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    def parts(layout):
        mem = plan.memory(model, layout)
        return mem["weights"] + mem["gradients"] + mem["optimizer"] + mem["activations"]

    usable = 0.9 * plan.ACCELERATORS[accelerator]["hbm"]
    for i in range(14):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        candidates = []
        for tp in [t for t in range(1, min(8, count) + 1) if model.heads % t == 0 and count % t == 0]:
            for pp in [p for p in range(1, count // tp + 1) if (count // tp) % p == 0 and p <= model.layers]:
                dp = count // (tp * pp)
                eps = [e for e in range(1, model.experts + 1) if model.experts % e == 0 and dp % e == 0]
                for ep in eps:
                    for z in ((0, 1) if pp > 1 else (0, 1, 2, 3)):
                        if global_batch % dp:
                            continue
                        layout = plan.Layout(tp=tp, pp=pp, dp=dp, ep=ep, zero=z, micro_batch=1,
                                             global_batch=global_batch)
                        plan.check(model, cluster, layout)
                        candidates.append((parts(layout), layout))
        fitting = [c for c in candidates if c[0] <= usable]
        if fitting:
            return count, min(fitting, key=lambda c: c[0])[1]
    raise plan.PlanError("does not fit")
