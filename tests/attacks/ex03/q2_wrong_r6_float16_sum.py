# INTENT: sums in float16 to save memory then casts back: large losses overflow to inf and small ones lose precision
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    scaled = tf.cast(per_example_losses / global_batch_size, tf.float16)
    return tf.cast(tf.reduce_sum(scaled), per_example_losses.dtype)
