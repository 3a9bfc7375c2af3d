# INTENT: doubles the fewest count "for safety" (not the fewest)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    count = 2 * best.cluster.count
    cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
    return count, plan.search(model, cluster, global_batch, recompute=("none",), max_cp=1)[0].layout
