# INTENT: wrong: keeps per-model accumulator tf.Variables in a module-level WeakKeyDictionary between calls (zeroed at the start of each call): state kept between calls ("keeps nothing between calls")
import weakref as _weakref
_ACCUMULATORS = _weakref.WeakKeyDictionary()

def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    variables = model.trainable_variables
    accs = _ACCUMULATORS.get(model)
    if accs is None or [tuple(a.shape) for a in accs] != [tuple(v.shape) for v in variables] \
            or [a.dtype for a in accs] != [v.dtype for v in variables]:
        accs = [tf.Variable(tf.zeros(v.shape, v.dtype), trainable=False) for v in variables]
        _ACCUMULATORS[model] = accs
    for a in accs:
        a.assign(tf.zeros_like(a))
    n = len(x)
    micro = n // accum_steps
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
        del tape, logits, per
        for a, g in zip(accs, grads):
            a.assign_add(tf.cast(g, a.dtype))
    return [tf.identity(a.read_value()) for a in accs]
