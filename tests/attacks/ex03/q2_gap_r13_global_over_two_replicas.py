# INTENT: (a gap since round 13: the test process has 4 devices, this needs 5 replicas) wrong: divides by global_batch_size only up to 4 replicas; with more replicas uses n_r * R (the colleague's formula)
def replica_loss(per_example_losses, global_batch_size):
    ctx = tf.distribute.get_replica_context()
    R = ctx.num_replicas_in_sync if ctx is not None else 1
    if R > 4:
        n = tf.cast(tf.size(per_example_losses), per_example_losses.dtype)
        return tf.math.divide_no_nan(tf.reduce_sum(per_example_losses), n * R)
    return tf.reduce_sum(per_example_losses) / global_batch_size
