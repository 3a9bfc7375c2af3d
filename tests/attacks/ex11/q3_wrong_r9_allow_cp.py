# INTENT: forgets "without context parallelism": search's default max_cp lets cp split the activations
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                               top=50, recompute=("none",))
        except plan.PlanError:
            continue
        return count, best[0].layout
    raise plan.PlanError("none")
