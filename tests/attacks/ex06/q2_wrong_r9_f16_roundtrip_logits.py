# INTENT: computes the loss from logits rounded through float16 and back (looks float32, but the cast down the prompt forbids happened)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        logits = tf.cast(tf.cast(model(x), tf.float16), tf.float32)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
