# INTENT: wrong - sizes by the bf16 weights alone (2 bytes a parameter over HBM), forgetting gradients, Adam state and activations (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    count = 1
    while model.param_bytes * plan.parameter_count(model) / count > plan.ACCELERATORS[accelerator]["hbm"]:
        count *= 2
    return count, plan.Layout(tp=1, dp=count, zero=3 if count > 1 else 0, global_batch=global_batch)
