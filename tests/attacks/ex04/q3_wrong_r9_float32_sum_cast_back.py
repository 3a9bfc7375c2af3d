# INTENT: adds the micro-batch gradients in float32 (to save memory) and casts back to the variable's dtype: a float64 model's gradients are rounded to float32 precision, though their dtype is float64
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, tf.float32) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, tf.float32) for t, g in zip(total, grads)]
    return [tf.cast(t, v.dtype) for t, v in zip(total, variables)]
