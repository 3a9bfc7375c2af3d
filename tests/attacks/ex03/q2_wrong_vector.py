# INTENT: right scale (divides by the global batch) but returns one value per example instead of the scalar the contract asks for. (public check: caught)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return per_example_losses / tf.cast(global_batch_size, per_example_losses.dtype)
