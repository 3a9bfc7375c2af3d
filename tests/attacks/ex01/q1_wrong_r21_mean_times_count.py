# INTENT: wrong: mean over the replica's slice times its size / global batch; equal on non-empty slices, but reduce_mean of an empty slice is NaN and NaN*0 stays NaN, so a replica with no example does not give 0.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    n_local = tf.cast(tf.size(per_example), per_example.dtype)
    return tf.reduce_mean(per_example) * (n_local / global_batch_size)
