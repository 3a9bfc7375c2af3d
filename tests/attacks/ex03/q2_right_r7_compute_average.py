# INTENT: right: tf.nn.compute_average_loss with the global batch size given explicitly.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.nn.compute_average_loss(per_example_losses, global_batch_size=global_batch_size)
