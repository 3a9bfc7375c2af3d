# INTENT: wrong: module-level tf.Variable accumulators reused between calls (zeroed at the start), keeps state between calls; returns copies
_ACC = {}

def accumulated_gradients(model, x, y, accum_steps):
    variables = model.trainable_variables
    key = (id(model), tuple((v.path if hasattr(v, "path") else str(id(v)), tuple(v.shape), str(v.dtype)) for v in variables))
    if key not in _ACC:
        _ACC[key] = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False) for v in variables]
    accs = _ACC[key]
    for a in accs:
        a.assign(tf.zeros_like(a))
    n = len(x)
    micro = n // accum_steps
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        for a, g in zip(accs, tape.gradient(loss, variables)):
            a.assign_add(g)
    return [tf.identity(a) for a in accs]
