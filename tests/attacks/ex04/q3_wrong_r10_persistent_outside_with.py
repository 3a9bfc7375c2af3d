# INTENT: one persistent tape records all micro-batches (forward inside the with-block), each micro-batch's gradient taken right after its forward but the tape is never released until the end: every micro-batch's activations stay in memory, which accumulation exists to avoid.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = None
    tape = tf.GradientTape(persistent=True)
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True))) / accum_steps
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    del tape
    return total
