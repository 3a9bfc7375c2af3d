# INTENT: wrong type - returns the per-example vector divided by the global batch (not one number); tape.gradient would sum it anyway (public check: caught)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return loss_fn(y, model(x, training=True)) / global_batch_size
