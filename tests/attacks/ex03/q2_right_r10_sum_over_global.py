def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(per_example_losses) / tf.cast(global_batch_size, per_example_losses.dtype)
