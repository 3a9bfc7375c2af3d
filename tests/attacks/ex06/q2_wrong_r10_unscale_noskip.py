# INTENT: fixes the unscaling by hand but keeps the inner optimizer: inf steps are applied, the scale never moves
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = optimizer.scale_loss(tf.constant(1.0))
    optimizer.inner_optimizer.apply_gradients(zip([g / scale for g in grads], model.trainable_variables))
    return loss
