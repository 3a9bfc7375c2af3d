def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables

    @tf.function   # a new function per call: nothing is kept between calls
    def micro_grads(xb, yb):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        return tape.gradient(loss, variables)

    total = None
    for i in range(accum_steps):
        grads = micro_grads(x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro])
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
