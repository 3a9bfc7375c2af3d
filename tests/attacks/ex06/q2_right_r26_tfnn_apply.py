# INTENT: right: different style: tf.nn sparse softmax CE on the float32 logits, keras.ops.mean, optimizer.apply(grads, vars) on the LossScaleOptimizer (same skip/unscale/growth), returns a Python float
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = list(model.trainable_variables)
    labels = tf.cast(tf.convert_to_tensor(y), tf.int64)          # value-preserving
    with tf.GradientTape() as tape:
        logits = model(x, training=True)                          # float32 (logits layer is float32)
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        mean_loss = keras.ops.mean(per_example)
        target = optimizer.scale_loss(mean_loss)
    gradients = tape.gradient(target, variables)
    optimizer.apply(gradients, variables)
    return float(mean_loss.numpy())
