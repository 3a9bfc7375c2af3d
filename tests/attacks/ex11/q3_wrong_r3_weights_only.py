# INTENT: counts only the bf16 weights (2 bytes a parameter) against the memory
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    usable = 0.9 * plan.ACCELERATORS[accelerator]["hbm"]
    need = model.param_bytes * plan.parameter_count(model)
    count = 1
    while need / count > usable:
        count *= 2
    cluster = plan.Cluster(accelerator, count, per_node=min(8, count))
    tp = min(count, 8)
    while model.heads % tp:
        tp //= 2
    return count, plan.Layout(tp=tp, dp=count // tp, global_batch=global_batch)
