# INTENT: wrong - uses plan.fewest_devices with its defaults, so recomputation and context parallelism (both forbidden) are allowed and the count can be too small (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch)
    return best.cluster.count, best.layout
