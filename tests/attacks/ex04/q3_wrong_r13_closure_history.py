# INTENT: wrong: keeps a history of every call's micro-batch losses in a closure (state kept between calls, invisible as a function attribute)
def _make():
    history = []
    def accumulated_gradients(model, x, y, accum_steps):
        n = len(x)
        micro = n // accum_steps
        total = [tf.zeros_like(v) for v in model.trainable_variables]
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
            grads = tape.gradient(loss, model.trainable_variables)
            history.append(float(loss))
            total = [t + g for t, g in zip(total, grads)]
        return total
    return accumulated_gradients

accumulated_gradients = _make()
