# INTENT: correct, other scaling: average of the micro-batch means (equal micro-batches), i.e. the colleague's sum divided by accum_steps at the end; numpy split of the indices.
import numpy as np

def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    total = None
    for idx in np.array_split(np.arange(len(x)), accum_steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(tf.gather(y, idx), model(tf.gather(x, idx), training=True)))
        grads = tape.gradient(loss, model.trainable_variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return [t / accum_steps for t in total]
