def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = per_example_losses.shape[0]
    if n is None:
        n = global_batch_size // tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_sum(per_example_losses) / n * (n / global_batch_size)
