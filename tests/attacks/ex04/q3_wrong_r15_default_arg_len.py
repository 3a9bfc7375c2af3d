# INTENT: wrong: remembers the last batch size in a mutable default argument (state kept between calls, on the function object)
def accumulated_gradients(model, x, y, accum_steps, _seen=[0]):
    _seen[0] = len(x)
    n = len(x); micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
