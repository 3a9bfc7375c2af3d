def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while count <= 2 ** 16:
        cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
        try:
            found = plan.search(model, cluster, global_batch, top=1, recompute=("none",), max_cp=1)
        except plan.PlanError:
            count *= 2
            continue
        return count, found[0].layout
    raise plan.PlanError(f"{model.name} fits on no power-of-two count up to {2 ** 16}")
