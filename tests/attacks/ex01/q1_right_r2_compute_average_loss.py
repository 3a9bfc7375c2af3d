# INTENT: correct - tf.nn.compute_average_loss with the explicit global batch size (sum of per-example losses / global batch) (public check: passed)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return tf.nn.compute_average_loss(loss_fn(y, model(x, training=True)), global_batch_size=global_batch_size)
