# INTENT: right: gpukit's own fewest_devices over powers of two up to 2**20 with the search restricted to recompute='none' and cp=1 (max_cp=1); returns that count and its fastest fitting layout.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1,
                               candidates=tuple(2**i for i in range(21)))
    return best.cluster.count, best.layout
