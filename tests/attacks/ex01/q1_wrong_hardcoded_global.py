# INTENT: ignores the global_batch_size argument and divides by the notebook's GLOBAL_BATCH_SIZE constant (64), so the loss is wrong whenever the caller's global batch differs.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    return tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH_SIZE)
