# INTENT: wrong: clips the finite gradients to +-30 of their unscaled size (+-30*scale, with tf.minimum/maximum, inf/NaN left alone so the optimizer still skips), breaking "no clipping ... whatever their size"; never triggers on ordinary batches.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    if not optimizer.built:
        optimizer.build(model.trainable_variables)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    limit = 30.0 * tf.identity(optimizer.dynamic_scale)
    grads = [tf.where(tf.math.is_finite(g), tf.minimum(tf.maximum(g, -limit), limit), g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
