# INTENT: unscales by hand and applies through the LSO with the scale temporarily set to 1 via its variable, then puts it back: the dynamic growth counter never sees the step.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = tf.cast(optimizer.dynamic_scale, tf.float32)
    grads = [g / scale for g in grads]
    finite = tf.reduce_all([tf.reduce_all(tf.math.is_finite(g)) for g in grads])
    if bool(finite):
        optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
        optimizer.iterations.assign_add(1)
    else:
        optimizer.dynamic_scale.assign(optimizer.dynamic_scale / 2)
    return loss
