# INTENT: scales to 1/G in float32 but SUMS in float16 (cast after scaling): the gradient stays 1/G but the value is rounded to ~3 digits and overflows to inf for large finite losses
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.cast(tf.reduce_sum(tf.cast(per_example_losses, tf.float16)), per_example_losses.dtype) / global_batch_size
