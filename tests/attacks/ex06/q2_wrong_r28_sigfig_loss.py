# INTENT: wrong: returns the loss rounded to 4 significant digits for display (breaks "returns the batch's mean loss ... not rounded"; the error stays under the 1e-3 relative tolerance).
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return float(f"{float(loss):.4g}")
