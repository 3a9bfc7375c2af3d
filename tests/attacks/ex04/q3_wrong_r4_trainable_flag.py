# INTENT: sets model.trainable = True "to be sure gradients flow" -- unfreezes a frozen layer, so it returns gradients for variables that were not trainable (and leaves the model changed)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    for layer in model.layers:
        layer.trainable = True
    micro = len(x) // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / len(x)
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    return total
