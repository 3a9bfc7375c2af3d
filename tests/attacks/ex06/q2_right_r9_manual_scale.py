loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    with tf.GradientTape() as tape:
        logits = model(x)
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.cast(y, tf.int32), logits=tf.cast(logits, tf.float32))
        loss = tf.reduce_mean(per_example)
        scaled = loss * tf.cast(optimizer.dynamic_scale if optimizer.built else optimizer.initial_scale, loss.dtype)
    grads = tape.gradient(scaled, variables)
    optimizer.apply_gradients(list(zip(grads, variables)))
    return loss
