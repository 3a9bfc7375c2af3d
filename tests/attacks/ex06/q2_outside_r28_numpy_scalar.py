# INTENT: wrong: returns loss.numpy(), a numpy float32 scalar (breaks "as a float32 tensor or a Python float").
# RULED outside (issue 38, round 28): loss.numpy() is the float32 loss itself, not rounded or cast; the project counts numpy forms of a number alike (round 3's ruling; 06 q3's prompt says so), and q2's prompt now says a NumPy float32 counts alike
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss.numpy()
