# INTENT: wrong: correct LSO step, then keeps the scale a normal float32 (floor at finfo(float32).tiny = 2**-126, "avoid denormal/zero scale") - the contract says no floor; only differs once the scale is halved below 2**-125.
import numpy as np
loss_fn = training.per_example_loss()
_TINY = float(np.finfo(np.float32).tiny)

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x, training=True)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if optimizer.dynamic_scale < _TINY:
        optimizer.dynamic_scale.assign(_TINY)
    return loss
