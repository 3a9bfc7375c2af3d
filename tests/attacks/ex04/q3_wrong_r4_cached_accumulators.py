# INTENT: keeps tf.Variable accumulators per model in a module-level cache ("don't re-allocate") and never zeroes them: right on the first call, the second call on the same model adds to the first's sum
_ACC = {}
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    key = id(model)
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
