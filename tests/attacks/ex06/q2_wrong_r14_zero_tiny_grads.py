# INTENT: wrong: zeroes gradient entries below 1e-8 (unscaled) "to save work" (contract: no zeroing); the update they carry is invisible at lr 0.1
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    limit = optimizer.scale_loss(tf.constant(1e-8))
    grads = [tf.where(tf.abs(g) < tf.cast(limit, g.dtype), tf.zeros_like(g), g) for g in grads]
    optimizer.apply_gradients(zip(grads, variables))
    return loss
