# INTENT: wrong: rescales the float16 hidden layers' gradients by hand so their unscaled norm is at most 1 (breaks "no clipping ... by a clip function or by hand"); inf/NaN pass through.
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
    out = []
    for g, v in zip(grads, variables):
        if "hidden" in v.path:
            n = tf.norm(g / scale)                       # the true gradient's norm
            g = tf.where(n > 1.0, g / n, g)              # NaN/inf compare False: left as they are
        out.append(g)
    optimizer.apply_gradients(zip(out, variables))
    return loss
