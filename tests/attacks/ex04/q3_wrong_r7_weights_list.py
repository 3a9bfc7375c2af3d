# INTENT: differentiates w.r.t. model.trainable_weights filtered by name "kernel"/"bias" through model.weights: a frozen layer's weights included.
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    variables = [v for v in model.weights if "kernel" in v.path or "bias" in v.path]
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        total = [t + (g if g is not None else tf.zeros_like(t)) for t, g in zip(total, grads)]
    return total
