# INTENT: RIGHT - the fix: each micro-batch's per-example losses are summed and divided by len(x) (not averaged over the micro-batch), so the micro-gradients add up to the whole batch's mean-loss gradient; one tape per micro-batch, released before the next forward, sums started from zeros in each variable's dtype.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = list(model.trainable_variables)                 # as the model is now
    total = [tf.zeros(v.shape, dtype=v.dtype) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n       # this micro-batch's share of the whole mean
        grads = tape.gradient(loss, variables)
        del tape, logits, loss                                  # nothing of this micro-batch kept
        total = [t if g is None else t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
        del grads, xb, yb
    return total
