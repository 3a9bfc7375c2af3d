# INTENT: wrong: hand-rolled Keras scaling that unscales by multiplying with 1/scale (float32) - identical for ordinary scales, but once the scale is below 2**-128 the reciprocal overflows to inf and finite gradients become inf/NaN weights instead of a proper update.
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
    if bool(optimizer.check_finite(grads)):
        inv_scale = tf.math.reciprocal(tf.cast(optimizer.dynamic_scale, tf.float32))   # one division, not one per tensor
        optimizer.inner_optimizer.apply_gradients(
            [(tf.cast(g, tf.float32) * inv_scale, v) for g, v in zip(grads, variables)])
        if int(optimizer.step_counter.numpy()) == optimizer.dynamic_growth_steps - 1:
            optimizer.step_counter.assign(0)
            optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 2.0)
        else:
            optimizer.step_counter.assign_add(1)
    else:
        optimizer.step_counter.assign(0)
        optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 0.5)
    return loss
