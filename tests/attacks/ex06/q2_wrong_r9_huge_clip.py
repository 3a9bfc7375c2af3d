# INTENT: clips the unscaled gradient norm at 5 "for float16 stability" (forbidden clipping); ordinary batches have norms below it so numbers match
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = tf.cast(optimizer.dynamic_scale, tf.float32) if optimizer.built else optimizer.initial_scale
    if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
        grads, _ = tf.clip_by_global_norm(grads, 5.0 * scale)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
