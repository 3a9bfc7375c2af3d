# INTENT: wrong: correct LSO step, then caps the scale at 2**127 "so it never becomes inf in float32" - the contract says no cap (2**127 must double, as Keras does); identical until the scale is that large.
loss_fn = training.per_example_loss()
_MAX_SCALE = 2.0 ** 127

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if optimizer.dynamic_scale > _MAX_SCALE:
        optimizer.dynamic_scale.assign(_MAX_SCALE)
    return loss
