# INTENT: sizes by the training state alone (16 bytes a parameter over the usable memory), activations forgotten
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    usable = 0.9 * plan.ACCELERATORS[accelerator]["hbm"]
    need = 16 * plan.parameter_count(model)
    count = 1
    while need / count > usable:
        count *= 2
    return count, plan.Layout(dp=count, zero=3 if count > 1 else 0, global_batch=global_batch)
