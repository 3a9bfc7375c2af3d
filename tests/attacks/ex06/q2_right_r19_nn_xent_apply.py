# INTENT: right — another route: the loss from tf.nn.sparse_softmax_cross_entropy_with_logits on the float32 logits (mean as Python float), the scale read from the LSO inside the tape (what scale_loss does), and Keras 3's optimizer.apply(grads, vars) on the LSO, which unscales, skips non-finite steps and updates the scale.
loss_fn = training.per_example_loss()

def train_step(model, optimizer, x, y):
    """Train one step of a mixed_float16 model with loss scaling; return the loss."""
    variables = model.trainable_variables
    if not optimizer.built:
        optimizer.build(variables)
    labels = tf.convert_to_tensor(y)
    if labels.dtype not in (tf.int32, tf.int64):
        labels = tf.cast(labels, tf.int64)
    with tf.GradientTape() as tape:
        logits = model(x)
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        loss = tf.reduce_mean(per_example)
        scaled = loss * tf.cast(optimizer.dynamic_scale, loss.dtype)
    optimizer.apply(tape.gradient(scaled, variables), variables)
    return float(loss.numpy())
