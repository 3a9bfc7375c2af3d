# INTENT: wrong: floors the loss scale at 2**-24 (float16's smallest subnormal) after each step; the prompt: no floor, as in Keras' LossScaleOptimizer
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if float(optimizer.dynamic_scale) < 2.0 ** -24:      # below this every float16 gradient is 0 anyway
        optimizer.dynamic_scale.assign(2.0 ** -24)
    return loss
