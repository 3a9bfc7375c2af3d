def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    mem = plan.ACCELERATORS[accelerator]
    n_params = plan.parameter_count(model)
    for i in range(20):
        count = 2 ** i
        try:
            plans = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                                top=10**6, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        plans = [p for p in plans if p.layout.zero <= 1] or plans
        return count, plans[0].layout
    raise plan.PlanError("none")
