# INTENT: per-replica mean rescaled by a stop_gradient'ed factor computed from the loss values (mean/sum ratio): NaN/inf when the sum is 0 or non-finite, and a large loss changes the factor
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    mean = tf.reduce_mean(per_example_losses)
    scale = tf.stop_gradient(tf.reduce_sum(per_example_losses) / global_batch_size / mean)
    return mean * scale
