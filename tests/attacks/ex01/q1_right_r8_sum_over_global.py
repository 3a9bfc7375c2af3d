def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = tf.cast(loss_fn(y, logits), tf.float32)
    return tf.reduce_sum(per_example) / tf.cast(global_batch_size, tf.float32)
