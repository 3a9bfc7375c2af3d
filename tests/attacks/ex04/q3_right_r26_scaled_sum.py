# INTENT: RIGHT - each micro-batch's loss is sum(loss_fn)/len(x) (the whole batch's divisor), gradients added in the variable's dtype, one tape per micro-batch, variables read fresh each call, nothing kept.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = list(model.trainable_variables)
    total = [tf.zeros(v.shape, dtype=v.dtype) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, variables, unconnected_gradients=tf.UnconnectedGradients.ZERO)
        del tape, logits, loss
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
