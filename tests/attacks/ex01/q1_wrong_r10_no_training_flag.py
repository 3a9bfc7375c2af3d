# INTENT: calls model(x) (inference mode) instead of model(x, training=True); identical for a plain MLP, wrong with dropout/BatchNorm.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x))
    return tf.reduce_sum(per_example) / global_batch_size
