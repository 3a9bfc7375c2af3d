# INTENT: from-scratch cross-entropy as -log(softmax) picked at the label: numerically unstable, inf/NaN on large logits
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        logits = model(x)
        probs = tf.nn.softmax(logits)
        picked = tf.gather(probs, tf.cast(y, tf.int32), axis=1, batch_dims=1)
        loss = tf.reduce_mean(-tf.math.log(picked))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
