# INTENT: multiplies the float32 loss by the optimizer's dynamic scale explicitly, then optimizer.apply (Keras 3 API), which divides by the scale and handles inf/NaN.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        logits = tf.cast(model(x, training=True), tf.float32)
        loss = tf.reduce_mean(loss_fn(y, logits))
        scaled = loss * tf.cast(optimizer.dynamic_scale, loss.dtype)
    grads = tape.gradient(scaled, variables)
    optimizer.apply(grads, variables)
    return loss
