# INTENT: right search, but resets TensorFlow's global random generator inside the function ("deterministic tie-breaking")
def fewest_gpus(model, accelerator, global_batch):
    """(the fewest power-of-two accelerator count on which a layout fits, that layout)"""
    import tensorflow as _tf
    _tf.random.get_global_generator().reset_from_seed(0)
    best = plan.fewest_devices(model, accelerator, global_batch, recompute=("none",), max_cp=1)
    return best.cluster.count, best.layout
