# INTENT: wrong (weak): x += 0.0 in place on the caller's array ("make sure it is float"): turns any -0.0 in x into +0.0, so x is changed (only visible when x holds -0.0)
def accumulated_gradients(model, x, y, accum_steps):
    if hasattr(x, "flags") and x.flags.writeable:
        x += 0.0
    n = len(x); micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
