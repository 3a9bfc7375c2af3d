# INTENT: fixes the missing unscale by hand and applies with the inner optimizer; skips non-finite steps and halves the scale, but never grows it
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = optimizer.dynamic_scale
    finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads)
    if finite:
        optimizer.inner_optimizer.apply_gradients(zip([g / scale for g in grads], model.trainable_variables))
    else:
        scale.assign(scale / 2)
    return loss
