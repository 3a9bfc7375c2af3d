# INTENT: casts the logits to float32 before the loss ("loss_fn wants float32"): a float64 model's gradients come back float64 but rounded through float32.
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = tf.cast(model(xb, training=True), tf.float32)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
