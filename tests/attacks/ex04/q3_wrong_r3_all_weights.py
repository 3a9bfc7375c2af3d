# INTENT: differentiates model.weights (all variables, trainable or not) instead of the trainable ones
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.weights)
        grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, model.weights)]
        total = grads if total is None else [t + g for t, g in zip(total, grads)]
    return total
