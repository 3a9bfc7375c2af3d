# INTENT: nudges the model's weights (SGD step with the summed gradient, "to save a step later") -- the function must only return gradients
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    for v, g in zip(model.trainable_variables, total):
        v.assign_sub(1e-3 * g)
    return total
