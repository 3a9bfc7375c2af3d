# INTENT: keeps each micro-batch's tape, input slice and loss in a list after its backward (to "inspect later"): the contract says nothing of a micro-batch (its tape) is kept once its backward is done
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, v.dtype) for v in variables]
    history = []
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            hidden = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, hidden)) / n
        grads = tape.gradient(loss, variables)
        history.append((tape, xb, hidden, loss))
        total = [t + g for t, g in zip(total, grads)]
    return total
