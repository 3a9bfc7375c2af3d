# INTENT: hard-codes the check's global batch (32) instead of the argument.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(per_example_losses) / 32.0
