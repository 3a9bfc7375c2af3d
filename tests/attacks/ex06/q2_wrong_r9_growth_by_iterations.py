# INTENT: hand-written loss scaling that doubles when the total step count is a multiple of dynamic_growth_steps (optimizer.iterations, bad steps included) instead of after that many good steps in a row
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
    optimizer.iterations.assign_add(1)
    if all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads):
        optimizer.inner_optimizer.apply_gradients(zip([g / scale for g in grads], variables))
        if int(optimizer.iterations.numpy()) % optimizer.dynamic_growth_steps == 0:
            scale.assign(scale * 2)
    else:
        scale.assign(scale / 2)
    return loss
