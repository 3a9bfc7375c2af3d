def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    ctx = tf.distribute.get_replica_context()
    n = ctx.all_reduce(tf.distribute.ReduceOp.SUM, tf.cast(tf.size(per_example_losses), tf.float32))
    return tf.reduce_sum(per_example_losses) / tf.stop_gradient(n)
