# INTENT: wrong: caps the loss scale at 2**40 after each step; the prompt: no cap, as in Keras' LossScaleOptimizer
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    optimizer.dynamic_scale.assign(tf.minimum(optimizer.dynamic_scale, 2.0 ** 40))
    return loss
