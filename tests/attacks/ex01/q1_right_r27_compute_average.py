# INTENT: right: per-example losses from the notebook's loss_fn on model(x, training=True), summed and divided by the given global batch via tf.nn.compute_average_loss.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = loss_fn(y, logits)
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
