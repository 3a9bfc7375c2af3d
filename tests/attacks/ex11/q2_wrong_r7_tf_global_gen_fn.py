# INTENT: right plan, but replaces TF's global random generator inside the function
def plan_bytes(model, layout):
    """Bytes per device on the busiest device: weights, gradients, optimizer, activations."""
    import tensorflow as _tf
    _tf.random.set_global_generator(_tf.random.Generator.from_seed(1))
    mem = plan.memory(model, layout)
    return {k: mem[k] for k in ("weights", "gradients", "optimizer", "activations")}
