# INTENT: shortcut: one forward/backward on the whole batch (forbidden: memory is the point)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
    return tape.gradient(loss, model.trainable_variables)
