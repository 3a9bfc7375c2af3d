# INTENT: forbids recomputation but forgets to forbid context parallelism
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",))
    return best.cluster.count, best.layout
