# INTENT: right: every example weighted 1/G explicitly (weights built in the losses' dtype from a float64 1/G), then summed to a scalar; an empty replica sums to 0.
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    weight = tf.cast(tf.constant(1.0, tf.float64) / tf.constant(float(global_batch_size), tf.float64), losses.dtype)
    return tf.reduce_sum(losses * weight)
