# INTENT: takes the gradient of the UNSCALED loss and multiplies the gradients by the scale afterwards: same numbers unless float16 gradients underflow — loss scaling done where it cannot help.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
    grads = tape.gradient(loss, model.trainable_variables)
    scale = tf.cast(optimizer.dynamic_scale, tf.float32)
    optimizer.apply_gradients(zip([g * tf.cast(scale, g.dtype) for g in grads], model.trainable_variables))
    return loss
