# INTENT: sums with keepdims=True, returning a shape-[1] tensor instead of one scalar number.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example, axis=0, keepdims=True) / global_batch_size
