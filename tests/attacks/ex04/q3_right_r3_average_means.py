import numpy as np
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    xs, ys = np.array_split(np.asarray(x), accum_steps), np.array_split(np.asarray(y), accum_steps)
    total = None
    for xb, yb in zip(xs, ys):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(yb, model(xb, training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        total = grads if total is None else [t + g for t, g in zip(total, grads)]
    return [t / accum_steps for t in total]
