# INTENT: wrong: exact eagerly, but in a traced step casts the global batch to int32 (graph-friendly index type), which wraps for a global batch above 2**31, so float64 losses of a > 2**32 batch are divided by a wrong G inside tf.function (breaks "every example's loss weighs 1 / global_batch_size" for the traced huge batch).
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    if tf.executing_eagerly():
        return tf.reduce_sum(losses) / tf.cast(global_batch_size, losses.dtype)
    g = tf.cast(tf.constant(global_batch_size, tf.int64), tf.int32)
    return tf.reduce_sum(losses) / tf.cast(g, losses.dtype)
