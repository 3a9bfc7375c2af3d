# INTENT: differentiates the right thing but returns the loss rounded through the compute dtype (float16).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return tf.cast(tf.cast(loss, model.compute_dtype), tf.float32)
