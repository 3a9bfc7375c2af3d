# INTENT: uses compute_average_loss without global_batch_size (relies on the replica context): wrong when called outside strategy.run or uneven.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)))
