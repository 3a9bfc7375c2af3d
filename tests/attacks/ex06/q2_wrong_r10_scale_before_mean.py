# INTENT: scales the per-example losses and means them in the compute dtype (float16) -> overflow/rounding of the scaled loss
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        per = loss_fn(y, model(x))
        loss = tf.reduce_mean(per)
        scaled = tf.reduce_mean(tf.cast(optimizer.scale_loss(per), tf.float16))
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
