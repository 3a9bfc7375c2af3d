# INTENT: correct, third form: the replica's own mean weighted by its share of the global batch n_r / G.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.cast(per_example_losses, tf.float32)
    n_r = tf.cast(tf.size(losses), tf.float32)
    return tf.reduce_mean(losses) * n_r / float(global_batch_size)
