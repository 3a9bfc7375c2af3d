# INTENT: wrong: grows the micro-batch beyond search's 1/2/4/8 (16, 32) while it still fits, for throughput: a layout plan.search would not try
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            layout = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)[0].layout
        except plan.PlanError:
            continue
        for mb in (16, 32):
            bigger = dataclasses.replace(layout, micro_batch=mb)
            try:
                if plan.plan(model, cluster, bigger).fits:
                    layout = bigger
            except plan.PlanError:
                break
        return count, layout
