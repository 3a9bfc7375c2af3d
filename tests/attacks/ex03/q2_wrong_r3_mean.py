# INTENT: per-replica mean (tf.reduce_mean): R times too big and over-weights small replicas.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_mean(per_example_losses)
