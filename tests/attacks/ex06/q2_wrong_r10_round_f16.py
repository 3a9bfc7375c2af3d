# INTENT: stores the scaled gradients in float16 to save memory before applying (prompt: no rounding)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.cast(tf.cast(g, tf.float16), g.dtype) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
