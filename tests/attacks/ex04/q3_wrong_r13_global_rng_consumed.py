# INTENT: wrong: shuffles the examples with NumPy's global RNG (np.random.permutation): advances the session's global random state
import numpy as _np
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    perm = _np.random.permutation(n)
    xs, ys = _np.asarray(x)[perm], _np.asarray(y)[perm]
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = xs[i * micro:(i + 1) * micro], ys[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    return total
