# INTENT: slices y from the micro index in steps of accum_steps (labels misaligned from x after the first micro-batch)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i::accum_steps]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / len(x)
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
