# INTENT: ignores global_batch_size: all-reduces the actual example count (communication per step; wrong for padded/partial batches)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    ctx = tf.distribute.get_replica_context()
    n = tf.cast(tf.size(per_example_losses), tf.float32)
    total = ctx.all_reduce("SUM", n) if ctx is not None else n
    return tf.reduce_sum(per_example_losses) / total
