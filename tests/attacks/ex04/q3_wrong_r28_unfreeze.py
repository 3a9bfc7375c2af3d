# INTENT: wrong: sets every layer's trainable = True "to be sure every weight gets a gradient", which unfreezes a frozen layer, breaking "it leaves the model (... which layers are trainable) as it got it" and the per-trainable-variable count.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    for layer in model.layers:
        layer.trainable = True
    n, micro = len(x), len(x) // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
