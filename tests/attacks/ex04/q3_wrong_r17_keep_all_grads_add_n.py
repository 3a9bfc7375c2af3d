# INTENT: wrong: keeps every micro-batch's gradient list until the end and adds them with tf.add_n: accum_steps copies of the gradients held at once (something of each micro-batch kept after its backward)
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    per_micro = []
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            if logits.dtype == tf.float64:
                per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.cast(yb, tf.int64), logits=logits)
            else:
                per = loss_fn(yb, logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        per_micro.append(tape.gradient(loss, variables))
        del tape, logits, per, loss
    return [tf.add_n(list(gs)) for gs in zip(*per_micro)]
