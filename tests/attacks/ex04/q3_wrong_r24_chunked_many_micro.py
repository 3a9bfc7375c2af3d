# INTENT: WRONG - with many micro-batches (accum_steps >= 32) it runs 4 micro-batches per forward/backward pass ("tiny micro-batches waste the device"): the gradient is right, but passes hold 4x len(x)//accum_steps examples and there are accum_steps/4 of them, against "accum_steps passes of len(x) // accum_steps examples".
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    group = 4 if accum_steps >= 32 and accum_steps % 4 == 0 else 1
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(0, accum_steps, group):
        xb, yb = x[i * micro:(i + group) * micro], y[i * micro:(i + group) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        del tape, loss
        total = [t + g for t, g in zip(total, grads)]
    return total
