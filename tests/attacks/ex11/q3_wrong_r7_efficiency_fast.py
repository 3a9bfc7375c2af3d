# INTENT: picks the fastest plan across the first two fitting counts (speed over count)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            found = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        if i + 1 < 20:
            try:
                nxt = plan.search(model, plan.Cluster(accelerator, 2 * count, per_node=min(8, 2 * count)), global_batch, top=1, recompute=("none",), max_cp=1)[0]
                if nxt.step_s < found[0].step_s / 2:
                    return 2 * count, nxt.layout
            except plan.PlanError:
                pass
        return count, found[0].layout
    raise plan.PlanError("no count fits")
