# INTENT: wrong: a running sum one loss at a time (tf.foldl) in a float64 accumulator: accurate enough for float32 losses, but for float64 losses its rounding grows with the replica's size, breaking "no running sum one loss at a time".
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    dtype = per_example_losses.dtype
    wide = tf.cast(per_example_losses, tf.float64)
    total = tf.foldl(lambda acc, x: acc + x, wide, initializer=tf.constant(0.0, tf.float64))
    return tf.cast(total / tf.cast(global_batch_size, tf.float64), dtype)
