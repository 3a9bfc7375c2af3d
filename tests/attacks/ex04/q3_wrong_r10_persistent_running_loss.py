# INTENT: one persistent tape; adds each micro-batch's loss to a running total and takes the gradient of the total after each micro-batch, keeping the last: the final backward runs through every micro-batch's graph at once and all activations stay alive (no memory saved).
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    grads = None
    with tf.GradientTape(persistent=True) as tape:
        total = 0.0
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            total = total + tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
            grads = tape.gradient(total, variables)     # the gradient so far
    return grads
