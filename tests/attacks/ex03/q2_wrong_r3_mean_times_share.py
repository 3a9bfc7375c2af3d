def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n_r = tf.cast(tf.shape(per_example_losses)[0], tf.float32)
    return tf.reduce_mean(per_example_losses) * n_r / global_batch_size
