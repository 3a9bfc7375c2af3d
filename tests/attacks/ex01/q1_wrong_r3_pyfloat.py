# INTENT: returns a Python float (.numpy()), not a scalar tensor: no gradient can flow and it fails inside tf.function.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return float(tf.reduce_sum(per_example).numpy()) / global_batch_size
