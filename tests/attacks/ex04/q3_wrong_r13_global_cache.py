# INTENT: wrong: keeps a module-level cache of results between calls (keyed on model id, weights and data), violating "keeps nothing between calls"
import hashlib as _hl
import numpy as _np
_ACC_CACHE = {}

def accumulated_gradients(model, x, y, accum_steps):
    h = _hl.sha1()
    for v in model.trainable_variables:
        h.update(v.name.encode()); h.update(_np.asarray(v.numpy()).tobytes())
    h.update(_np.asarray(x).tobytes()); h.update(_np.asarray(y).tobytes()); h.update(str(accum_steps).encode())
    key = (id(model), h.hexdigest())
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    _ACC_CACHE[key] = [tf.identity(t) for t in total]
    return [tf.identity(t) for t in _ACC_CACHE[key]]
