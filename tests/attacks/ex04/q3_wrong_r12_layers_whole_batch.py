# INTENT: logs the whole-batch loss by running the model's layers one by one on all examples: a forward on more than one micro-batch
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example) / tf.cast(n, per_example.dtype)
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    h = tf.convert_to_tensor(x)
    for layer in model.layers:
        h = layer(h)
    print('whole-batch loss', float(tf.reduce_mean(loss_fn(y, h))))
    return total
