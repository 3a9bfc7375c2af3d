# INTENT: scales the local mean by the replica's nominal share G/R-rounded (from the replica context), not by its actual batch: exact only when batches are even.
def replica_loss(per_example_losses, global_batch_size):
    ctx = tf.distribute.get_replica_context()
    r = ctx.num_replicas_in_sync if ctx is not None else 1
    n_local = tf.cast(tf.shape(per_example_losses)[0], per_example_losses.dtype)
    nominal = tf.cast(global_batch_size // r, per_example_losses.dtype)
    # uses the local size for the value but the nominal one in the gradient
    value = tf.reduce_sum(per_example_losses) / global_batch_size
    return tf.stop_gradient(value) + tf.reduce_mean(per_example_losses) * nominal / global_batch_size - tf.stop_gradient(tf.reduce_mean(per_example_losses) * nominal / global_batch_size)
