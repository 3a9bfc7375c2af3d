# INTENT: wrong: for replicas with more than 256 examples the sum goes through float16 (narrow-type rounding only on big batches)
def replica_loss(per_example_losses, global_batch_size):
    l = per_example_losses
    s = tf.cond(tf.size(l) > 256,
                lambda: tf.cast(tf.reduce_sum(tf.cast(l, tf.float16)), l.dtype),
                lambda: tf.reduce_sum(l))
    return s / global_batch_size
