# INTENT: (outside, round 13: the same numbers, passes and memory as model(xb, training=True)) the forward through model.call(xb, training=True), bypassing Keras __call__
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model.call(tf.convert_to_tensor(xb), training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        total = [t + g for t, g in zip(total, grads)]
    return total
