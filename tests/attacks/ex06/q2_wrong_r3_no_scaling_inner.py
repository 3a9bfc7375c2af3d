# INTENT: drops loss scaling altogether (unscaled loss, inner optimizer): float16 gradients can underflow; the step no longer does loss scaling
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
