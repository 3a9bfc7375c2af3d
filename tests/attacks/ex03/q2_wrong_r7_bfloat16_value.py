# INTENT: rounds the returned scalar through bfloat16 (mixed-precision habit); gradients pass through the cast unchanged but the reported value is rounded.
def replica_loss(per_example_losses, global_batch_size):
    s = tf.reduce_sum(per_example_losses) / global_batch_size
    return tf.cast(tf.cast(s, tf.bfloat16), per_example_losses.dtype)
