# INTENT: runs the forward passes micro-batch by micro-batch but under ONE tape with a single backward pass over all of them, so every micro-batch's activations stay alive at once (breaks "each forward and backward pass sees one micro-batch only").
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    with tf.GradientTape() as tape:
        total_loss = 0.0
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            total_loss += tf.reduce_sum(loss_fn(yb, model(xb, training=True)))
        loss = total_loss / len(x)
    return tape.gradient(loss, model.trainable_variables)
