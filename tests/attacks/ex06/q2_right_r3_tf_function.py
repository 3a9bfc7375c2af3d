loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(tf.cast(loss_fn(y, logits), tf.float32))
        scaled = optimizer.scale_loss(loss)
    optimizer.apply_gradients(list(zip(tape.gradient(scaled, variables), variables)))
    return float(loss)
