# INTENT: uses a "safe" sum that replaces inf by the float32 max (tf.clip_by_value to finite range): silently clips non-finite losses.
def replica_loss(per_example_losses, global_batch_size):
    safe = tf.clip_by_value(per_example_losses, -3.0e38, 3.0e38)
    return tf.reduce_sum(safe) / global_batch_size
