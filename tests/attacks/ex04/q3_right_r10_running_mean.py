def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    variables = model.trainable_variables
    mean = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
        grads = tape.gradient(loss, variables)
        mean = [m + (g - m) / (i + 1) for m, g in zip(mean, grads)]   # running mean of micro-batch gradients
    return mean
