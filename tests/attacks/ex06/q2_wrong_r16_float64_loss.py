# INTENT: wrong: returns the loss as a float64 tensor (the prompt: a float32 tensor or a Python float)
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        per_example = tf.cast(loss_fn(y, model(x)), tf.float64)
        loss = tf.reduce_mean(per_example)
        scaled = optimizer.scale_loss(tf.cast(loss, tf.float32))
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
