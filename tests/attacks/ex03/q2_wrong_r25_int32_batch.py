# INTENT: tf.nn.compute_average_loss with the global batch passed as an int32 tensor ("an int like tf.shape gives"); exact for every global batch below 2**31, but a larger global_batch_size wraps in the int32 cast: 2**31+4 becomes negative (the op's check fails) and 2**32+4 becomes 4, so each example weighs 1/4 instead of 1/G
import tensorflow as tf


def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    if losses.dtype != tf.float64:
        losses = tf.cast(losses, tf.float32)
    batch = tf.cast(global_batch_size, tf.int32)
    return tf.nn.compute_average_loss(losses, global_batch_size=batch)
