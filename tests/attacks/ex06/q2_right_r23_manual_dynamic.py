# INTENT: right: does Keras' dynamic loss scaling by hand on the given LSO's own variables (unscale, skip+halve on inf/NaN, count step_counter to dynamic_growth_steps-1 then double; no floor/cap).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    if not optimizer.built:
        optimizer.build(variables)
    scale = tf.identity(optimizer.dynamic_scale)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = loss * scale
    grads = tape.gradient(scaled, variables)
    finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g in grads if g is not None)
    if finite:
        optimizer.inner_optimizer.apply_gradients(
            [(None if g is None else g / tf.cast(scale, g.dtype), v) for g, v in zip(grads, variables)])
        if int(optimizer.step_counter.numpy()) == optimizer.dynamic_growth_steps - 1:
            optimizer.step_counter.assign(0)
            optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 2.0)
        else:
            optimizer.step_counter.assign_add(1)
    else:
        optimizer.step_counter.assign(0)
        optimizer.dynamic_scale.assign(optimizer.dynamic_scale * 0.5)
    return loss
