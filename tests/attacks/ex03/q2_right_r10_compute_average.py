def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    # with the global batch given, compute_average_loss divides the sum by it (not by this replica's size)
    return tf.nn.compute_average_loss(per_example_losses, global_batch_size=global_batch_size)
