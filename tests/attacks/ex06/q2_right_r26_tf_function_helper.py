# INTENT: right: the step's body is a module-level @tf.function helper that takes the model and the optimizer as arguments (its traces are tf.function's own cache)
loss_fn = training.per_example_loss()

@tf.function
def _one_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    if not optimizer.built:
        optimizer.build(model.trainable_variables)
    return _one_step(model, optimizer, tf.convert_to_tensor(x), tf.convert_to_tensor(y))
