# INTENT: rounds the hidden layers' (scaled) gradients to float16 before handing them to the LossScaleOptimizer ("they come from float16 layers anyway"), leaving the float32 logits layer's alone: the prompt says the gradients go as the tape gives them, no rounding
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(loss_fn(y, model(x)))
        scaled = optimizer.scale_loss(loss)
    grads = tape.gradient(scaled, model.trainable_variables)
    grads = [tf.cast(tf.cast(g, tf.float16), g.dtype) if 'logits' not in v.path else g for g, v in zip(grads, model.trainable_variables)]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss
