# INTENT: wraps the inner optimizer in a fresh LossScaleOptimizer cached per optimizer (module-level), so the caller's optimizer's scale never changes: its own dynamic scale is not the one that halves/grows
loss_fn = training.per_example_loss()
_WRAPPED = {}

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    opt = _WRAPPED.setdefault(id(optimizer), keras.mixed_precision.LossScaleOptimizer(
        optimizer.inner_optimizer, initial_scale=float(optimizer.dynamic_scale.numpy())))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss
