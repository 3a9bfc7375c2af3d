# INTENT: keeps the running sums in float16 to save accumulator memory and casts back at the end: gradients rounded to fewer bits than the variables.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, tf.float16) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, tf.float16) for t, g in zip(total, grads)]
    return [tf.cast(t, v.dtype) for t, v in zip(total, variables)]
