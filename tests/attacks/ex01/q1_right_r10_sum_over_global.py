def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = tf.cast(loss_fn(y, model(x, training=True)), tf.float32)
    return tf.reduce_sum(per_example) / tf.cast(global_batch_size, tf.float32)
