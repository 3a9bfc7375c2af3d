# INTENT: ignores accum_steps: one example per pass (n passes instead of accum_steps micro-batches); right gradient, wrong decomposition and n x the passes
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(n):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(y[i:i + 1], model(x[i:i + 1], training=True))) / n
        total = [t + g for t, g in zip(total, tape.gradient(loss, model.trainable_variables))]
    return total
