# INTENT: full manual dynamic loss scaling, but the growth counter doubles after dynamic_growth_steps - 1 good steps (counter checked before increment)
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    if not optimizer.built:
        optimizer.build(variables)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    scale = optimizer.dynamic_scale
    if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
        optimizer.inner_optimizer.apply_gradients(zip([g / scale for g in grads], variables))
        if int(optimizer.step_counter.numpy()) + 1 >= optimizer.dynamic_growth_steps - 1:
            optimizer.step_counter.assign(0)
            scale.assign(scale * 2)
        else:
            optimizer.step_counter.assign_add(1)
    else:
        optimizer.step_counter.assign(0)
        scale.assign(scale / 2)
    optimizer.iterations.assign_add(1)
    return loss
