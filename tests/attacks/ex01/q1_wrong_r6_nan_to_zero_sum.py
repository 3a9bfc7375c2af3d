# INTENT: uses tf.math.reduce_sum over tf.math.multiply_no_nan-masked losses (NaN/inf examples weigh 0): the mean of a batch with a non-finite loss is not finite
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    keep = tf.cast(tf.math.is_finite(per_example), per_example.dtype)
    return tf.reduce_sum(tf.math.multiply_no_nan(per_example, keep)) / global_batch_size
