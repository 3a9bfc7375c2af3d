# INTENT: wrong - sizes by the training state alone (16 bytes a parameter over 90 % of HBM, ZeRO-3 over all devices), activations forgotten (public check: caught)
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    usable = 0.9 * plan.ACCELERATORS[accelerator]["hbm"]
    state = 16 * plan.parameter_count(model)
    count = 1
    while state / count > usable:
        count *= 2
    return count, plan.Layout(dp=count, zero=3 if count > 1 else 0, global_batch=global_batch)
