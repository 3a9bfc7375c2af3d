# INTENT: starts the search at 2 devices ("distributed training needs at least two"): misses a model that fits on one
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1,
                               candidates=[2 ** i for i in range(1, 14)])
    return best.cluster.count, best.layout
