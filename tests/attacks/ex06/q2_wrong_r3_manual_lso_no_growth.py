# INTENT: re-implements loss scaling by hand around the inner optimizer: unscale, skip and halve on inf/NaN, but never grows the scale again and bypasses the LossScaleOptimizer's own step counting
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = optimizer.dynamic_scale
    grads = [tf.cast(g, tf.float32) / tf.cast(scale, tf.float32) for g in grads]
    if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
        optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
    else:
        scale.assign(scale / 2)
    return loss
