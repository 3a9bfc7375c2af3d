# INTENT: micro-batch size rounded up (ceil) "so no example is lost" and the loss divided by micro*accum_steps instead of len(x); same as floor when accum_steps divides len(x) (the contract case) -- expected to be right there, probe only
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = -(-len(x) // accum_steps)          # ceil, "so no example is lost"
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / (micro * accum_steps)
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    return total
