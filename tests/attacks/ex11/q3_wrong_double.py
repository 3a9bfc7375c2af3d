# INTENT: wrong - off by one doubling: keeps a margin by returning the count after the fewest that fits (2x) with a layout planned there (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    first = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    n = 2 * first.cluster.count
    best = plan.recommend(model, plan.Cluster(accelerator, n, per_node=min(8, n)), global_batch,
                          recompute=("none",), max_cp=1)
    return n, best.layout
