# INTENT: wrong: marks the caller's x and y read-only ("protect the inputs") and leaves them so: x and y are not as it got them
def accumulated_gradients(model, x, y, accum_steps):
    for a in (x, y):
        if hasattr(a, "setflags"):
            a.setflags(write=False)
    n = len(x); micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
