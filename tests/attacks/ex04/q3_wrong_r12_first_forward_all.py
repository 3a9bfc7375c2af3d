# INTENT: runs all micro-batches' inference forwards first (model.predict per micro-batch, to pick the order), then trains: next forward before the last backward
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    _scores = [model.predict(x[i * micro:(i + 1) * micro], verbose=0) for i in range(accum_steps)]
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(n, per_example.dtype)
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
