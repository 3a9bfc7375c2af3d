# INTENT: wrong: keeps every micro-batch's logits as numpy copies in a module list (activations kept after their backward and after the call)
_LOGITS = []

def accumulated_gradients(model, x, y, accum_steps):
    n = len(x)
    micro = n // accum_steps
    total = [tf.zeros_like(v) for v in model.trainable_variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            logits = model(xb, training=True)
            loss = tf.reduce_sum(loss_fn(yb, logits)) / n
        grads = tape.gradient(loss, model.trainable_variables)
        _LOGITS.append(logits.numpy())
        total = [t + g for t, g in zip(total, grads)]
    return total
