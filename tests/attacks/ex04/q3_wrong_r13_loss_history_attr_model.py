# INTENT: wrong: stores the summed loss on the model (model._accum_loss), changing the model and keeping state between calls
def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    running = 0.0
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, model.trainable_variables)
        running += float(loss)
        total = [t + g for t, g in zip(total, grads)]
    model._accum_loss = running
    return total
