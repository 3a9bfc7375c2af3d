# INTENT: reuses module-level accumulator variables keyed by the variables' shapes (any model of the same architecture shares them) and never zeroes them: every call after the first on a same-shaped model returns the running sum of all earlier calls
_ACC = {}
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    key = tuple(tuple(v.shape) for v in model.trainable_variables)
    if key not in _ACC:
        _ACC[key] = [tf.Variable(tf.zeros_like(v), trainable=False) for v in model.trainable_variables]
    acc = _ACC[key]
    micro = len(x) // accum_steps
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / len(x)
        for a, g in zip(acc, tape.gradient(loss, model.trainable_variables)):
            a.assign_add(g)
    return [tf.convert_to_tensor(a) for a in acc]
