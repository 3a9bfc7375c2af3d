# INTENT: wrong: dynamic loss scaling done by hand on the LSO's own variables, but the good-step counter is not reset when the scale doubles, so after the first growth it doubles on every good step
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    if not optimizer.built:
        optimizer.build(variables)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    scale = tf.identity(optimizer.dynamic_scale)
    finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads)
    if finite:
        optimizer.inner_optimizer.apply([g / scale for g in grads], variables)
        optimizer.step_counter.assign_add(1)
        if int(optimizer.step_counter) >= optimizer.dynamic_growth_steps:
            optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 2.0)
    else:
        optimizer.step_counter.assign(0)
        optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 0.5)
    return loss
