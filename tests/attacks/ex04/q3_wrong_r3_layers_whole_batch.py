# INTENT: shortcut: runs the model's layers one by one on the WHOLE batch (one forward/backward over all of x), not micro-batches
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    with tf.GradientTape() as tape:
        h = tf.convert_to_tensor(x)
        for layer in model.layers:
            h = layer(h, training=True)
        loss = tf.reduce_mean(loss_fn(y, h))
    return tape.gradient(loss, model.trainable_variables)
