# INTENT: correct (the lead, from round 12's review): one module-level tf.function micro-step with the model passed in, so a later call reuses its trace (the check's watch of the first layer must outlive the call that traced it)
@tf.function
def micro_step(model, xb, yb, n, trainable):  # trainable: the variables' names, so a frozen layer retraces
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
    return tape.gradient(loss, model.trainable_variables)


def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        names = tuple(v.path for v in model.trainable_variables)
        grads = micro_step(model, x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro], tf.constant(float(n)), names)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
