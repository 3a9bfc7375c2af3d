# INTENT: RIGHT - another way: the per-example loss vector of each micro-batch is differentiated with output_gradients = 1/len(x) per example (a vector-Jacobian product), which is the gradient of that micro-batch's share of the whole-batch mean; shares added into a running sum in the variables' dtypes.
def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    total_examples = len(x)
    size = total_examples // accum_steps
    trainable = model.trainable_variables
    running = None
    for start in range(0, size * accum_steps, size):
        with tf.GradientTape() as tape:
            per_example = loss_fn(y[start:start + size], model(x[start:start + size], training=True))
        weight = tf.fill(tf.shape(per_example), tf.constant(1.0 / total_examples, dtype=per_example.dtype))
        grads = tape.gradient(per_example, trainable, output_gradients=weight)
        del tape, per_example, weight
        grads = [tf.zeros_like(v) if g is None else tf.convert_to_tensor(g) for v, g in zip(trainable, grads)]
        running = grads if running is None else [r + g for r, g in zip(running, grads)]
        del grads
    return [tf.cast(r, v.dtype) for r, v in zip(running, trainable)]
