# INTENT: weights each example with tf.math.multiply_no_nan(1/G, loss)... with the arguments swapped so NaN losses count as 0.
def replica_loss(per_example_losses, global_batch_size):
    w = tf.fill(tf.shape(per_example_losses), 1.0 / global_batch_size)
    finite = tf.where(tf.math.is_nan(per_example_losses), tf.zeros_like(per_example_losses), per_example_losses)
    return tf.reduce_sum(tf.math.multiply_no_nan(finite, w))
