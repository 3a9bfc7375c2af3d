# RULED right (issue 38, round 22; filed wrong): loss_fn returns float32 losses for a float64 model too (Keras computes the cross-entropy in float32), so per_example.dtype is float32 and this scale is the float32 1/len(x) a right answer divides by; it is off only with a float64 loss, which loss_fn as given does not give
# INTENT: wrong: the 1/len(x) scale is made as a float32 constant then cast to the loss dtype; for a float64 model the factor carries float32 rounding (~1e-8 relative), off at float64 precision.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    scale = tf.constant(1.0 / len(x), dtype=tf.float32)
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) * tf.cast(scale, per_example.dtype)
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
