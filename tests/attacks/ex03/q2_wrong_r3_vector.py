# INTENT: returns the per-example losses divided by G (one value per example; tape.gradient sums them anyway).
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return per_example_losses / global_batch_size
