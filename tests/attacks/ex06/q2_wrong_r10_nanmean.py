# INTENT: ignores corrupt (NaN) examples in the mean so a corrupt batch still trains: NaN loss is never reported nor skipped
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        per = loss_fn(y, model(x))
        ok = tf.math.is_finite(per)
        loss = tf.reduce_sum(tf.where(ok, per, 0.0)) / tf.maximum(tf.reduce_sum(tf.cast(ok, per.dtype)), 1.0)
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
