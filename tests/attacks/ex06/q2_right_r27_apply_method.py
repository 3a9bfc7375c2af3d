# INTENT: right: same fix written with optimizer.apply(grads, variables) and an explicit float32 check of the loss; the LossScaleOptimizer divides by its scale and skips bad steps.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        logits = model(x)
        per_example = loss_fn(y, logits)
        loss = tf.reduce_mean(per_example)
        target = optimizer.scale_loss(loss)
    optimizer.apply(tape.gradient(target, variables), variables)
    assert loss.dtype == tf.float32, loss.dtype
    return loss
