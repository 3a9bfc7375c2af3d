# INTENT: wrong: shuffles the micro-batch assignment with TensorFlow's global random generator (draws from session-global RNG state)
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    order = tf.random.shuffle(tf.range(n)).numpy()
    variables = model.trainable_variables
    total = None
    for i in range(accum_steps):
        idx = order[i * micro:(i + 1) * micro]
        xb, yb = tf.gather(x, idx), tf.gather(y, idx)
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.cast(yb, tf.int32), logits=logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        total = list(grads) if total is None else [t + g for t, g in zip(total, grads)]
    return total
