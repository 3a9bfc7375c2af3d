# INTENT: uses the parameters cell's MY_GLOBAL_BATCH instead of the argument (the notebook variable shadows it)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, MY_GLOBAL_BATCH, recompute=("none",), max_cp=1)
    return best.cluster.count, best.layout
