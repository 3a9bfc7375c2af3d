# INTENT: adds the micro-batch gradients in float16 (half the memory) and casts back: every gradient rounded to 11 bits.
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros(v.shape, tf.float16) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + tf.cast(g, tf.float16) for t, g in zip(total, grads)]
    return [tf.cast(t, v.dtype) for t, v in zip(total, model.trainable_variables)]
