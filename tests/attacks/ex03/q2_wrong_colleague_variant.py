# INTENT: the colleague's bug rewritten by hand: own mean divided by the number of replicas (1 / (R x n_r) per example), exact only with even batches. (public check: caught)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    replicas = tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_mean(per_example_losses) / replicas
