# INTENT: unscales by hand and applies with the inner optimizer: right on finite steps, but non-finite steps are applied (weights become NaN) and the scale never adapts. (public check: passed)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [g / optimizer.dynamic_scale for g in grads]
    optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
