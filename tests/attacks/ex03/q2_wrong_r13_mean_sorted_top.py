# INTENT: wrong: drops the single largest loss when the replica has many examples ("outlier guard")
def replica_loss(per_example_losses, global_batch_size):
    s = tf.reduce_sum(per_example_losses)
    n = tf.size(per_example_losses)
    top = tf.cond(n > 64, lambda: tf.reduce_max(per_example_losses), lambda: tf.constant(0.0, per_example_losses.dtype))
    return (s - top) / global_batch_size
