# INTENT: right: each micro-batch's summed loss divided by len(x), gradients added in the variables' dtype.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
