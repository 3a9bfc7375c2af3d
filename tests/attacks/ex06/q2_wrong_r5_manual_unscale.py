# INTENT: unscales by hand and steps the inner optimizer only when finite, halving the scale on overflow itself; never grows the scale nor counts good steps
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
        optimizer.inner_optimizer.apply_gradients(zip([g / tf.cast(scale, g.dtype) for g in grads], model.trainable_variables))
        optimizer.iterations.assign_add(1)
    else:
        optimizer.dynamic_scale.assign(scale / 2)
    return loss
