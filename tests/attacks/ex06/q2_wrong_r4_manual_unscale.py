# INTENT: unscales by hand and applies with the inner optimizer, halving the scale itself on inf but never growing it
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = tf.cast(optimizer.dynamic_scale, tf.float32)
    grads = [tf.cast(g, tf.float32) / scale for g in grads]
    if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
        optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
    else:
        optimizer.dynamic_scale.assign(optimizer.dynamic_scale / 2)
    return loss
