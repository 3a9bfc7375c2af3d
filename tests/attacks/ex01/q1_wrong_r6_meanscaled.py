def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = tf.cast(loss_fn(y, logits), tf.float32)
    n = tf.cast(tf.shape(per_example)[0], tf.float32)
    return tf.reduce_mean(per_example) * n / tf.cast(global_batch_size, tf.float32)
