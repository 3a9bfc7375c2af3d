def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = None
    for i in reversed(range(accum_steps)):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    # equal-sized micro-batches: the mean of their means is the whole batch's mean
    return [t / accum_steps for t in total]
