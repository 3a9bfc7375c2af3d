# INTENT: multiplies the gradients by the scale after backprop (so the LSO's unscale cancels): float16 underflow already happened in the backward pass
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
    grads = tape.gradient(loss, model.trainable_variables)
    grads = [optimizer.scale_loss(g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
