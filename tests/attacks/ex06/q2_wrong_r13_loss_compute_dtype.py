# INTENT: wrong: returns the loss in the model's compute dtype (float16), rounding it
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return tf.cast(loss, model.compute_dtype)
