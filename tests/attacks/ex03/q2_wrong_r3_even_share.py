# INTENT: assumes every replica has G / R examples: mean x (G / R) / G, i.e. the colleague's bug written out.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    r = tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_mean(per_example_losses) * (global_batch_size / r) / global_batch_size
