# INTENT: divides by G but clips per-example losses at 10 for stability (nearly right)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(tf.minimum(per_example_losses, 10.0)) / global_batch_size
