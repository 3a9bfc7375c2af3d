# INTENT: wrong: hand-written loss scaling that caps the scale at 2**24 (never doubles past it)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = loss * optimizer.dynamic_scale
    grads = tape.gradient(scaled, model.trainable_variables)
    scale = optimizer.dynamic_scale
    grads = [g / tf.cast(scale, g.dtype) for g in grads]
    finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads)
    if finite:
        optimizer.inner_optimizer.apply_gradients(zip(grads, model.trainable_variables))
        c = int(optimizer.step_counter.numpy()) + 1
        if c >= optimizer.dynamic_growth_steps:
            optimizer.step_counter.assign(0)
            optimizer.dynamic_scale.assign(tf.minimum(scale * 2.0, 2.0 ** 24))
        else:
            optimizer.step_counter.assign(c)
    else:
        optimizer.step_counter.assign(0)
        optimizer.dynamic_scale.assign(scale / 2.0)
    return loss
