# INTENT: wrong: micro-batches of one example are "too small to be efficient", so pairs of them run in one pass (a pass sees two micro-batches)
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    steps = accum_steps
    if micro == 1 and accum_steps % 2 == 0:
        micro, steps = 2, accum_steps // 2
    variables = model.trainable_variables
    total = None
    for i in range(steps):
        with tf.GradientTape() as tape:
            logits = model(x[i * micro:(i + 1) * micro], training=True)
            per = loss_fn(y[i * micro:(i + 1) * micro], logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        del tape, logits, per
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
