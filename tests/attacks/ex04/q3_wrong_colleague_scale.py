# INTENT: sums each micro-batch's loss and divides by the micro-batch size (the colleague's per-micro-batch mean written out): accum_steps times too large.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / micro
        total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    return total
