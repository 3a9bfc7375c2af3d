# INTENT: divides by an "even" global batch R * (G // R) rebuilt from the replica count, which differs from G when G is not a multiple of R. (public check: caught)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    replicas = tf.distribute.get_replica_context().num_replicas_in_sync
    even_global = (global_batch_size // replicas) * replicas
    return tf.reduce_sum(per_example_losses) / float(even_global)
