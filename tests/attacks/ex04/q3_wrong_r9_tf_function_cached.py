# INTENT: wraps the micro-batch pass in a module-level tf.function that captures the first model's variables; a call with another model (a fresh one, another dtype) reuses the first trace
_step = None
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    global _step
    n = len(x)
    micro = n // accum_steps
    if _step is None:
        first = model
        @tf.function
        def _step(xb, yb, scale):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, first(xb, training=True))) * scale
            return tape.gradient(loss, first.trainable_variables)
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        grads = _step(tf.constant(xb), tf.constant(yb), tf.constant(1.0 / n, dtype=model.trainable_variables[0].dtype))
        total = [t + g for t, g in zip(total, grads)]
    return total
