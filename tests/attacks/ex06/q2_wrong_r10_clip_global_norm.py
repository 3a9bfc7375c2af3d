# INTENT: clip_by_global_norm on the scaled gradients with a large norm (prompt: no clipping)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads, _ = tf.clip_by_global_norm(grads, 1e6)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
