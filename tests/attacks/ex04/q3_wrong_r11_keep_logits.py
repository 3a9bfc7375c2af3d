# INTENT: keeps every micro-batch's logits (to report the loss/accuracy afterwards), so the activations of all micro-batches stay in memory after their backward
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, v.dtype) for v in variables]
    outputs = []
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, variables)
        outputs.append((logits, loss))
        total = [t + g for t, g in zip(total, grads)]
    accumulated_gradients.last_loss = float(sum(l for _, l in outputs))
    return total
