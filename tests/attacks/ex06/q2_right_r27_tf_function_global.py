# INTENT: right (meant as wrong: a module-level tf.function; but it retraces per model/optimizer and after the optimizer is built, so the current scale is read): the fixed recipe step compiled with tf.function.
loss_fn = training.per_example_loss()

@tf.function
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
