# INTENT: wrong: adds L2 weight decay (1e-4 * w, times the scale on the scaled gradients) by hand to the hidden layers' kernels only, breaking "its gradients handed to the LossScaleOptimizer as the tape gives them"; the float32 logits layer is untouched.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    if not optimizer.built:
        optimizer.build(model.trainable_variables)
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, variables)
    s = tf.identity(optimizer.dynamic_scale)
    grads = [g + 1e-4 * s * v if ("hidden" in v.path and "kernel" in v.path) else g
             for g, v in zip(grads, variables)]
    optimizer.apply_gradients(zip(grads, variables))
    return loss
