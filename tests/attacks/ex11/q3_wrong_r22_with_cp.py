# INTENT: wrong: restricts recomputation but forgets to turn off context parallelism (fewest_devices' default max_cp=8); with long sequences or a global batch too small to split, cp makes a count fit that the contract (no cp) does not.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",))
    return best.cluster.count, best.layout
