# INTENT: one persistent tape around the whole loop (gradient taken right after each forward): numbers right, but the tape keeps every micro-batch's activations alive, so the whole batch is in memory — the point the prompt makes (one micro-batch in memory at once).
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    with tf.GradientTape(persistent=True) as tape:
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
            grads = tape.gradient(loss, variables)
            total = [t + g for t, g in zip(total, grads)]
    return total
