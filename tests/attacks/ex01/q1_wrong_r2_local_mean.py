# INTENT: wrong scale - per-replica mean (reduce_mean over this replica's examples) (public check: caught)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return tf.reduce_mean(loss_fn(y, model(x, training=True)))
