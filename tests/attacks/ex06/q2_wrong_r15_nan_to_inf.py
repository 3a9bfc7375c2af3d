# INTENT: wrong: rewrites NaN gradients to +inf before handing them over (prompt: 'as the tape gives them'); skip/halve still happen
def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        logits = model(x)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.where(tf.math.is_nan(g), tf.constant(float('inf'), g.dtype), g) for g in grads]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
