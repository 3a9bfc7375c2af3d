# INTENT: wrong: accumulates with tf.scan (one loss at a time) in float64 and takes the last partial sum; fine for float32 losses, but a running sum whose rounding grows with the replica's size for float64 losses (breaks "no running sum one loss at a time").
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    dtype = per_example_losses.dtype
    wide = tf.concat([tf.zeros([1], tf.float64), tf.cast(per_example_losses, tf.float64)], axis=0)
    partial = tf.scan(lambda acc, x: acc + x, wide)
    return tf.cast(partial[-1] / tf.cast(global_batch_size, tf.float64), dtype)
