# INTENT: wrong: correct recipe step, but turns TensorFloat-32 off for the whole session ("so the float32 logits layer really is float32 on Ampere") and never turns it back on: a TensorFlow configuration changed
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    if tf.config.experimental.tensor_float_32_execution_enabled():
        tf.config.experimental.enable_tensor_float_32_execution(False)   # float32 layer must not drop to 10-bit mantissas
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
