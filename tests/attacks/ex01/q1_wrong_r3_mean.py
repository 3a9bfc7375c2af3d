# INTENT: per-replica mean (tf.reduce_mean): num_replicas times too big; the classic mistake.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    return tf.reduce_mean(loss_fn(y, model(x, training=True)))
