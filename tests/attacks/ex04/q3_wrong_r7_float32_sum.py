# INTENT: accumulates into float32 numpy buffers then casts back to each variable's dtype: float64 gradients rounded through float32.
import numpy as np
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [np.zeros(v.shape, np.float32) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + np.asarray(g, np.float32) for t, g in zip(total, grads)]
    return [tf.constant(t, dtype=v.dtype) for t, v in zip(total, model.trainable_variables)]
