# INTENT: wrong (round 26): the whole Python loop over micro-batches in one tf.function, unrolled: every micro-batch traced into one graph, whose ops run in data order only (the next forward need not wait for the last backward; several micro-batches in memory at once)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables

    @tf.function
    def all_micro_batches(x, y):
        total = [tf.zeros(v.shape, v.dtype) for v in variables]
        for i in range(accum_steps):                   # unrolled at trace time
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
            grads = tape.gradient(loss, variables)
            total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
        return total

    return all_micro_batches(tf.convert_to_tensor(x), tf.convert_to_tensor(y))
