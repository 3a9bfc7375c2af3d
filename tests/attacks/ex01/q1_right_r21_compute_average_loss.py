# INTENT: right: tf.nn.compute_average_loss with the given global_batch_size (sum / global batch, 0 for an empty replica), on the global loss_fn applied to the raw training-mode logits.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    logits = model(x, training=True)
    per_example = loss_fn(y, logits)
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
