# INTENT: ignores global_batch_size and counts the global batch itself by all-reducing the replicas' sizes; wrong whenever the step's batch is not the nominal global batch (partial last batch: every example must still weigh 1 / global_batch_size)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    ctx = tf.distribute.get_replica_context()
    n = tf.cast(tf.shape(per_example_losses)[0], tf.float32)
    total = ctx.all_reduce(tf.distribute.ReduceOp.SUM, n) if ctx is not None else n
    return tf.reduce_sum(per_example_losses) / total
