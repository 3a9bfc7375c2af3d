# (reclassified: numpy float32 + float64 promotes to float64, so this is right)
import numpy as np

def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    total = [np.zeros(v.shape, np.float32) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / len(x)
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g.numpy() for t, g in zip(total, grads)]
    return total
