# INTENT: returns a [1, 1] tensor (a student reshaping for "broadcasting"), not a scalar.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reshape(tf.reduce_sum(per_example_losses) / global_batch_size, [1, 1])
