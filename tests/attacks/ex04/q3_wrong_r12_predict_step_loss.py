# INTENT: before each training pass, checks the micro-batch loss with model.predict_on_batch on the NEXT micro-batch too (prefetch): two forwards before a backward
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        if i + 1 < accum_steps:
            model.predict_on_batch(x[(i + 1) * micro:(i + 2) * micro])
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(n, per_example.dtype)
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
