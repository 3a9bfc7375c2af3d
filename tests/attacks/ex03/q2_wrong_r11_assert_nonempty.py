# INTENT: asserts the replica has at least one example ("a replica must have data"): a partial last batch may leave a replica empty (shape [0]) and that must give 0, not an error
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = tf.size(per_example_losses)
    with tf.control_dependencies([tf.debugging.assert_positive(n, message="empty replica batch")]):
        return tf.reduce_sum(per_example_losses) / global_batch_size
