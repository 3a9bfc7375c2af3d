# INTENT: converts each micro-batch to a float32 tensor (the digits are float32): a float64 model sees its inputs rounded to float32, so its gradient is not the gradient on (x, y)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb = tf.convert_to_tensor(x[i * micro:(i + 1) * micro], dtype=tf.float32)
        yb = y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
