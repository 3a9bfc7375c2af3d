# INTENT: divides each micro-batch mean by accum_steps AND the total by accum_steps again (double correction): accum_steps times too small.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True))) / accum_steps
        total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    return [t / accum_steps for t in total]
