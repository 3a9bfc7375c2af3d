# INTENT: ignores global_batch_size and all-reduces the replicas' batch sizes to get the divisor (extra communication; not 1/global_batch_size when the argument differs from the examples present)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = tf.cast(tf.size(per_example_losses), tf.float32)
    ctx = tf.distribute.get_replica_context()
    total = ctx.all_reduce(tf.distribute.ReduceOp.SUM, n) if ctx is not None else n
    return tf.reduce_sum(per_example_losses) / total
