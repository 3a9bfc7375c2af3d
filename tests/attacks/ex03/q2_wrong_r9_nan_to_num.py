# INTENT: guards against a NaN loss with tf.math.multiply_no_nan-style masking (x * 1 where finite): a NaN per-example loss is silently dropped (weight 0) instead of propagating
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    finite = tf.math.is_finite(per_example_losses)
    safe = tf.where(finite, per_example_losses, tf.stop_gradient(tf.zeros_like(per_example_losses)))
    return tf.reduce_sum(safe) / global_batch_size
