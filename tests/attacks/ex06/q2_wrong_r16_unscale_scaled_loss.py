# INTENT: wrong: returns the scaled loss divided back by the scale (read before the update): overflows to inf (or underflows) when loss*scale leaves float32's range, e.g. at large scales (no cap)
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    scale = optimizer.scale_loss(tf.constant(1.0))        # the current scale
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return scaled / tf.cast(scale, scaled.dtype)
