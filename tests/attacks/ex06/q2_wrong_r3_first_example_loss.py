# INTENT: returns the first example's loss instead of the batch mean (indexing slip); update right
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        per_example = loss_fn(y, model(x))
        loss = tf.reduce_mean(per_example)
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return per_example[0]
