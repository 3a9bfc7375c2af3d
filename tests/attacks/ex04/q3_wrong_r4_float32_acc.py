# INTENT: accumulates in float32 numpy zeros and returns numpy float32 arrays whatever the variables' dtype (a float64 model's gradient comes back float32 / rounded)
import numpy as np
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = [np.zeros(v.shape, np.float32) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True))) / accum_steps
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + np.asarray(g, np.float32) for t, g in zip(total, grads)]
    return total
