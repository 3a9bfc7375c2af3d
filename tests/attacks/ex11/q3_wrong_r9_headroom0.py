# INTENT: fits judged with headroom=0 (all the memory usable) instead of the planner's default: can call a count enough that plan.plan(...).fits rejects
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        try:
            best = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                               top=1, recompute=("none",), max_cp=1, headroom=0.0)
        except plan.PlanError:
            continue
        return count, best[0].layout
    raise plan.PlanError("none")
