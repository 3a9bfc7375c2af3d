# INTENT: wrong: keeps each micro-batch's per-example losses (numpy copies) in a module list across calls (nothing of a micro-batch may be kept)
_PER_EXAMPLE = []

def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / n
        grads = tape.gradient(loss, model.trainable_variables)
        _PER_EXAMPLE.append(per_example.numpy())
        total = [t + g for t, g in zip(total, grads)]
    return total
