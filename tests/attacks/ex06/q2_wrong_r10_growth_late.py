# INTENT: reimplements dynamic scaling by hand; doubles after dynamic_growth_steps+1 good steps (off by one the other way)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    if not optimizer.built:
        optimizer.build(model.trainable_variables)
    scale = optimizer.dynamic_scale
    finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads)
    if finite:
        optimizer.inner_optimizer.apply_gradients(zip([g / scale for g in grads], model.trainable_variables))
        if int(optimizer.step_counter.numpy()) >= optimizer.dynamic_growth_steps:
            optimizer.step_counter.assign(0)
            scale.assign(scale * 2.0)
        else:
            optimizer.step_counter.assign_add(1)
    else:
        optimizer.step_counter.assign(0)
        scale.assign(scale * 0.5)
    return loss
