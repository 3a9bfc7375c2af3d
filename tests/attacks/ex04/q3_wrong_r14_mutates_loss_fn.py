# INTENT: wrong: switches the notebook's shared loss_fn to reduction="sum" (and leaves it so): later code that expects per-example losses breaks
def accumulated_gradients(model, x, y, accum_steps):
    loss_fn.reduction = "sum"                      # sum over the micro-batch, divide by the whole batch below
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    total = None
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.cast(yb, tf.int32), logits=logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
