# INTENT: WRONG - the trainable-variable list is cached per model (a WeakKeyDictionary, not a dict) under the number of trainable layers: freezing a layer refreshes it, but freezing one layer and unfreezing another (same count) returns gradients for the old variables; and it is state kept between calls.
import weakref

_VARIABLES = weakref.WeakKeyDictionary()      # walking every layer for trainable_variables is slow on big models


def _trainable(model):
    fingerprint = sum(1 for layer in model.layers if layer.trainable and layer.weights)
    cached = _VARIABLES.get(model)
    if cached is None or cached[0] != fingerprint:
        cached = (fingerprint, list(model.trainable_variables))
        _VARIABLES[model] = cached
    return cached[1]


def accumulated_gradients(model, x, y, accum_steps):
    """The gradient of one update over all of (x, y), accum_steps micro-batches at a time."""
    n = len(x)
    micro = n // accum_steps
    variables = _trainable(model)
    total = [tf.zeros_like(v) for v in variables]
    for i in range(accum_steps):
        xb, yb = x[i * micro:(i + 1) * micro], y[i * micro:(i + 1) * micro]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(loss_fn(yb, model(xb, training=True))) / n
        grads = tape.gradient(loss, variables)
        del tape, loss
        total = [t + g for t, g in zip(total, grads)]
    return total
