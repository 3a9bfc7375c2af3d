# INTENT: wrong: for batches above 8192 rows it accumulates micro-batch gradients in float16 ("halve the accumulator memory"), rounding (and possibly overflowing) the scaled gradients before the LSO sees them; contract: grads handed as the tape gives them, no rounding, whole batch
loss_fn = training.per_example_loss()
_MICRO = 8192

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    n = int(x.shape[0])
    if n <= _MICRO:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(loss_fn(y, model(x)))
            scaled = optimizer.scale_loss(loss)
        grads = tape.gradient(scaled, variables)
        optimizer.apply_gradients(zip(grads, variables))
        return loss
    acc = [tf.zeros(v.shape, tf.float16) for v in variables]
    total = tf.constant(0.0, tf.float32)
    for start in range(0, n, _MICRO):
        xs, ys = x[start:start + _MICRO], y[start:start + _MICRO]
        with tf.GradientTape() as tape:
            part = tf.reduce_sum(loss_fn(ys, model(xs))) / n
            scaled = optimizer.scale_loss(part)
        total += part
        acc = [a + tf.cast(g, tf.float16) for a, g in zip(acc, tape.gradient(scaled, variables))]
    optimizer.apply_gradients(zip([tf.cast(a, tf.float32) for a in acc], variables))
    return total
