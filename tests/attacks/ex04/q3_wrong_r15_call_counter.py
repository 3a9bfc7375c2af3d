# INTENT: wrong: a module-level itertools.count advanced on every call (state kept between calls, not a list/dict/set)
import itertools
_calls = itertools.count()

def accumulated_gradients(model, x, y, accum_steps):
    next(_calls)
    n = len(x); micro = n // accum_steps
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
