# INTENT: accumulates into tf.Variables made once per model and returns those variables themselves: the next call zeroes and refills them, so a gradient returned earlier changes under the caller (state kept between calls)
_ACC = {}
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    variables = model.trainable_variables
    key = (id(model), tuple(v.name for v in variables))
    if key not in _ACC:
        _ACC[key] = [tf.Variable(tf.zeros_like(v), trainable=False) for v in variables]
    acc = _ACC[key]
    for a in acc:
        a.assign(tf.zeros_like(a))
    n = len(x)
    micro = n // accum_steps
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        for a, g in zip(acc, tape.gradient(loss, variables)):
            a.assign_add(g)
    return acc
