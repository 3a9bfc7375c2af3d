# INTENT: wrong: delegates to plan.fewest_devices (restricted to no recomputation and no cp), whose candidates stop at 2**13 = 8192 accelerators: a model that needs 16384 or more of an accelerator gets a PlanError instead of its count; right for everything smaller.
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    return best.cluster.count, best.layout
