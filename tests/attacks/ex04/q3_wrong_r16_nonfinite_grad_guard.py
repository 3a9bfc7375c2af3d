# INTENT: wrong: a guard replaces non-finite micro-batch gradients by 0 before adding ("equal to the gradient of the mean": a NaN/inf gradient must come through as it is)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros(v.shape, v.dtype) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            per = loss_fn(yb, logits)
            if per.dtype != logits.dtype:
                labels = tf.reshape(tf.cast(yb, tf.int64), [-1])
                per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        del tape, logits, per, loss
        grads = [tf.where(tf.math.is_finite(g), g, tf.zeros_like(g)) for g in grads]  # skip a bad micro-batch
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
