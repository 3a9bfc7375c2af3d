# INTENT: right: gives every example the weight 1/global_batch_size (a scalar in the losses' dtype) and reduces the weighted losses with tf.reduce_sum to a scalar.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    weight = tf.math.reciprocal(tf.cast(global_batch_size, losses.dtype))
    return tf.reshape(tf.reduce_sum(losses * weight), [])
