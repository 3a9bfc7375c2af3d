# INTENT: right: the bug is apply_gradients on inner_optimizer (scaled grads applied, never unscaled, no skip/scale update); hand the tape's grads to the LossScaleOptimizer itself
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))      # float32 logits -> float32 loss
        scaled = optimizer.scale_loss(loss)              # loss x current scale
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))   # unscales, skips inf/NaN, moves the scale
    return loss
