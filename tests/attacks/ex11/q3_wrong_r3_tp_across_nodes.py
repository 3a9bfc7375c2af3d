# RULED wrong (issue 38, round 14; was outside): tensor parallelism beyond one node: the prompt asks for a layout plan.search would try, and it keeps tp within a node (the lead's ruling, round 14)
# INTENT (outside: plan.plan accepts tp across nodes and it fits; the prompt only restricts ZeRO-2/3 "as plan.search plans them"): fewest count found right, but returns a layout with tp spanning nodes (tp > 8 per node) when one fits; plan.search never plans tp beyond a node
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    count = best.cluster.count
    cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
    for tp in (64, 32, 16):
        if tp <= count and model.heads % tp == 0 and count % tp == 0 and global_batch % (count // tp) == 0:
            layout = plan.Layout(tp=tp, dp=count // tp, zero=1 if count // tp > 1 else 0, global_batch=global_batch)
            if plan.plan(model, cluster, layout).fits:
                return count, layout
    return count, best.layout
