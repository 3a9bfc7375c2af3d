# INTENT: one forward pass on the whole batch under a persistent tape, then "micro-batch" backward passes on slices of the loss (forward sees all of x)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    with tf.GradientTape(persistent=True) as tape:
        per_example = loss_fn(y, model(x, training=True))
        losses = [tf.reduce_sum(per_example[i * micro:(i + 1) * micro]) / n for i in range(accum_steps)]
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for loss in losses:
        total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    return total
