# INTENT: when the global batch does not split over a count, rounds it up to a multiple of the count and plans that batch
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        gb = -(-global_batch // count) * count if count > global_batch else global_batch
        try:
            found = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), gb, top=1,
                                recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        return count, found[0].layout
    raise plan.PlanError("no count fits")
