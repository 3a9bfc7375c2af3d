# INTENT: caches the trainable-variable list per model (id) on the first call; a later call after a layer is frozen/unfrozen, or another model reusing the id, returns gradients for the stale list
_VARS = {}
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    variables = _VARS.setdefault(id(model), list(model.trainable_variables))
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables, unconnected_gradients=tf.UnconnectedGradients.ZERO)
        total = [t + g for t, g in zip(total, grads)]
    return total
