# INTENT: right: gpukit.plan.fewest_devices over powers of two up to 2**20 (Cluster defaults, one node below 8), restricted to recompute='none' and no context parallelism (max_cp=1); returns that count and its fastest fitting layout.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    return best.cluster.count, best.layout
