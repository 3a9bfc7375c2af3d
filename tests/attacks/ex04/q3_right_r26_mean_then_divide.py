# INTENT: RIGHT - the colleague's fix the other way: mean per (equal-size) micro-batch, cross-entropy computed in the logits' dtype (float64 for a float64 model, allowed), sums in the variable dtype, divided by accum_steps once at the end.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    variables = model.trainable_variables
    sums = [tf.zeros_like(v) for v in variables]
    for start in range(0, micro * accum_steps, micro):
        xb, yb = x[start:start + micro], y[start:start + micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None, dtype=logits.dtype)
            loss = tf.reduce_mean(ce(yb, logits))
        grads = tape.gradient(loss, variables)
        sums = [s + (tf.zeros_like(s) if g is None else tf.cast(g, s.dtype)) for s, g in zip(sums, grads)]
    return [s / tf.cast(accum_steps, s.dtype) for s in sums]
