# INTENT: computes the cross-entropy in float16 ("the model is float16") by casting the float32 logits down: loss and gradients carry float16 rounding of the softmax
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        logits = tf.cast(model(x, training=True), tf.float16)
        loss = tf.cast(tf.reduce_mean(loss_fn(y, logits)), tf.float32)
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
