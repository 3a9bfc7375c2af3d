# INTENT: takes the gradient of the UNSCALED loss and multiplies the gradients by the scale afterwards (so apply_gradients' unscale cancels): same numbers, but the float16 backward is not protected (underflow) and an overflow never happens, so nothing is ever skipped for float16 reasons
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
    grads = tape.gradient(loss, model.trainable_variables)
    scale = tf.cast(optimizer.dynamic_scale, tf.float32)
    optimizer.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
    return loss
