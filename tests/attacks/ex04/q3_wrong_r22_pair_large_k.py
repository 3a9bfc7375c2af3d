# INTENT: wrong: "to save time" when accum_steps >= 6 it runs two micro-batches per pass (half the passes, double size), breaking the one-micro-batch-per-pass contract only for large accum_steps.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    steps = accum_steps // 2 if (accum_steps >= 6 and accum_steps % 2 == 0) else accum_steps
    micro = n // steps
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(n, per_example.dtype)
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, v.dtype) for t, g, v in zip(total, grads, variables)]
    return total
