# INTENT: wrong: reuses accumulator tf.Variables kept between calls as an attribute of the model's first trainable variable (not the model itself), zeroed each call, copies returned: state kept between calls
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = model.trainable_variables
    pool = variables[0].__dict__.setdefault("_r17_buffers", {}) if variables else {}
    bufs = []
    for v in variables:
        key = (tuple(v.shape), str(v.dtype), len(bufs))
        if key not in pool:
            pool[key] = tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False)
        pool[key].assign(tf.zeros(v.shape, v.dtype))
        bufs.append(pool[key])
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            if logits.dtype == tf.float64:
                per = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.cast(yb, tf.int64), logits=logits)
            else:
                per = loss_fn(yb, logits)
            loss = tf.reduce_sum(per) / tf.cast(n, per.dtype)
        grads = tape.gradient(loss, variables)
        del tape, logits, per, loss
        for b, g in zip(bufs, grads):
            b.assign_add(g)
    return [tf.identity(b) for b in bufs]
