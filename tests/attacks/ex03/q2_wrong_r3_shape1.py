# INTENT: returns a shape-[1] tensor (keepdims=True), not a scalar as the contract says.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(per_example_losses, keepdims=True) / global_batch_size
