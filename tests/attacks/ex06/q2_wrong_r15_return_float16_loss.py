# INTENT: wrong: returns the loss rounded to float16 (the mean loss of the float32 logits is asked for)
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return tf.cast(loss, tf.float16)
