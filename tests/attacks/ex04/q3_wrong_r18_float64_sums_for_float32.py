# INTENT: wrong dtype: the sums are kept and returned as float64 for a float32 model (gradients not of their variables' dtype)
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, tf.float64) for v in variables]
    for i in range(accum_steps):
        with tf.GradientTape() as tape:
            logits = model(x[i * micro:(i + 1) * micro], training=True)
            per = loss_fn(y[i * micro:(i + 1) * micro], logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        del tape, logits, per
        total = [t + tf.cast(g, tf.float64) for t, g in zip(total, grads)]
    return total
