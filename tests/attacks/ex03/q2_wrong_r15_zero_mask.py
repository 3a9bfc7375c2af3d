# INTENT: wrong: masks out examples whose loss is exactly 0 (treated as padding): their gradient is dropped (contract: every example weighs 1/G whatever its value)
def replica_loss(per_example_losses, global_batch_size):
    mask = tf.cast(tf.not_equal(per_example_losses, 0.0), per_example_losses.dtype)
    return tf.reduce_sum(per_example_losses * mask) / global_batch_size
