# INTENT: wrong: a callable object that remembers the last call's gradients on self (state kept between calls)
class _AccumulatedGradients:
    def __init__(self):
        self.last = None

    def __call__(self, model, x, y, accum_steps):
        n = len(x)
        micro = n // accum_steps
        total = [tf.zeros_like(v) for v in model.trainable_variables]
        for i in range(accum_steps):
            xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
            grads = tape.gradient(loss, model.trainable_variables)
            total = [t + g for t, g in zip(total, grads)]
        self.last = [tf.identity(t) for t in total]
        return total

accumulated_gradients = _AccumulatedGradients()
