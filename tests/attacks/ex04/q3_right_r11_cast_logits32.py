# (reclassified: loss_fn is a Keras loss that computes in float32 anyway, so casting the logits to float32 is the same as the prompt's loss_fn: right)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, v.dtype) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = tf.cast(model(xb, training=True), tf.float32)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
