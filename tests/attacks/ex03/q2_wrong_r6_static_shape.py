# INTENT: uses the static shape (per_example_losses.shape[0]) for n_r: fails when the batch size is only known when the step runs (shape [None])
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    n = per_example_losses.shape[0]
    return tf.reduce_mean(per_example_losses) * (n / global_batch_size)
