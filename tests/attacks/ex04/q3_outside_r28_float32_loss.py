# INTENT: wrong: casts the per-example losses to float32 before summing (like training.replica_loss), so a float64 model's gradients keep its dtype but only float32 precision, breaking "for a float64 model the same cross-entropy computed in float64".
# RULED outside (issue 38, round 28): the contract is the gradient of the mean of loss_fn as given, and Keras' loss_fn returns float32 for float64 logits: the cast changes nothing (its gradients equal the solution's to the bit on the float64 hidden case); the float64 cross-entropy is the other gradient that 'counts alike', not the only one
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n, micro = len(x), len(x) // accum_steps
    variables = model.trainable_variables
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            per_example = tf.cast(loss_fn(yb, model(xb, training=True)), tf.float32)
            loss = tf.reduce_sum(per_example) / n
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
