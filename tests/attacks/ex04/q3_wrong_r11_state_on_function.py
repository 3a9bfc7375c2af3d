# INTENT: remembers the last call's losses on the function object ("for logging"), so state is kept between calls (the contract: keeps nothing between calls)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, v.dtype) for v in variables]
    log = accumulated_gradients.__dict__.setdefault("losses", [])
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        total = [t + g for t, g in zip(total, tape.gradient(loss, variables))]
        log.append(loss)
    return total
