# INTENT: clips the scaled gradients to +-1e4 "against fp16 explosions": overflowed (inf) gradients become finite and get applied
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.clip_by_value(g, -1e4, 1e4) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
