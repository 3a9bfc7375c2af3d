# INTENT: WRONG - accumulates (and returns) the sums in x's dtype ("the most precise type around"): a float32 model fed float64 inputs gets float64 gradients, against "each gradient in its variable's dtype (a float32 model's gradients are float32)"; float32 inputs and the float64 model fed float64 are right.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    acc_dtype = tf.as_dtype(getattr(x, "dtype", tf.float32))
    if not acc_dtype.is_floating:
        acc_dtype = tf.float32
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, acc_dtype) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        del tape, loss
        total = [t + tf.cast(g, acc_dtype) for t, g in zip(total, grads)]
    return total
