# INTENT: wrong: the global batch is first made a float32 tensor, then cast to the losses' dtype: for float64 losses and a global batch above 2**24 (e.g. 2**24 + 1) the divisor is rounded, every weight off by up to 6e-8 (float32 rounding the contract forbids for float64 losses)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    g = tf.cast(global_batch_size, tf.float32)
    return tf.reduce_sum(losses) / tf.cast(g, losses.dtype)
