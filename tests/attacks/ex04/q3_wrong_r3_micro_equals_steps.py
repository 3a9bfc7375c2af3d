# INTENT: confuses micro-batch size with accum_steps: slices of accum_steps examples, len(x)//accum_steps of them
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    size = accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(n // size):
        xb, yb = x[i * size:(i + 1) * size], y[i * size:(i + 1) * size]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    return total
