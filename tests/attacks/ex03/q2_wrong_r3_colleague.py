# INTENT: the colleague's loss unchanged (compute_average_loss without global_batch_size: 1 / (R x n_r)).
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.nn.compute_average_loss(per_example_losses)
