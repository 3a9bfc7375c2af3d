# INTENT: divides by n as a float32 constant and sums in float32 precision via tf.reduce_sum(tf.cast(per, float32)): a float64 model's loss rounded.
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(tf.cast(per, tf.float32)) / tf.constant(n, tf.float32)
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
