def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    micro = len(x) // accum_steps
    variables = list(model.trainable_variables)
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            # the same loss as loss_fn, computed in the logits' own dtype (loss_fn returns float32)
            per_example = keras.losses.SparseCategoricalCrossentropy(
                from_logits=True, reduction=None, dtype=logits.dtype.name)(yb, logits)
            loss = tf.reduce_mean(per_example) / accum_steps
        grads = tape.gradient(loss, variables)
        total = [t + tf.cast(g, t.dtype) for t, g in zip(total, grads)]
    return total
