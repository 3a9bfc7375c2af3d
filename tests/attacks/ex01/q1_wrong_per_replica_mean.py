# INTENT: uses tf.reduce_mean over this replica's examples (divides by the per-replica batch, not global_batch_size), so the summed gradients are num_replicas times too big.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_mean(per_example)
