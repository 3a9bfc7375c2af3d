# INTENT: seeds TF/NumPy/Python globally at the top of the answer cell ("for reproducibility"): the cell changes the session's global seed
keras.utils.set_random_seed(0)

def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / global_batch_size
