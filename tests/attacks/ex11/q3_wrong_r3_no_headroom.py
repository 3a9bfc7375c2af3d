# INTENT: plans with headroom=0 (the whole HBM usable): may call a count enough that plan.plan says does not fit
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1, headroom=0.0)
    return best.cluster.count, best.layout
