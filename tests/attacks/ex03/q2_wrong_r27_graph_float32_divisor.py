# INTENT: wrong: exact in eager mode, but when traced (tf.function) builds G as a float32 constant, so float64 losses with a huge global batch (> 2**24) are divided by a rounded G inside tf.function (breaks "no rounding ... nor float32 when the losses are float64", traced by tf.function too).
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    if tf.executing_eagerly():
        return tf.reduce_sum(losses) / tf.cast(global_batch_size, losses.dtype)
    g = tf.constant(global_batch_size, dtype=tf.float32)          # graph constants: keep them small
    return tf.reduce_sum(losses) / tf.cast(g, losses.dtype)
