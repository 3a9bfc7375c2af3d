# INTENT: replaces NaN losses by 0 before summing ("a NaN would poison the all-reduce"): a NaN example is dropped, not weighed 1/G.
def replica_loss(per_example_losses, global_batch_size):
    clean = tf.where(tf.math.is_nan(per_example_losses), tf.zeros_like(per_example_losses), per_example_losses)
    return tf.reduce_sum(clean) / global_batch_size
