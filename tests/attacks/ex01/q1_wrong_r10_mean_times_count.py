# INTENT: mean of this replica's losses times its example count, over the global batch; a replica with no examples (a tiny partial batch) returns NaN instead of 0.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    count = tf.cast(tf.shape(per_example)[0], tf.float32)
    return tf.reduce_mean(per_example) * count / global_batch_size
