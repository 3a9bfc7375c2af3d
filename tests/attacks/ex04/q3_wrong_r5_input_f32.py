# INTENT: converts the inputs to a float32 tensor first ("TF wants float32"), so a float64 model sees rounded inputs: its gradient is rounded to float32 precision
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    x = tf.convert_to_tensor(x, tf.float32)
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
