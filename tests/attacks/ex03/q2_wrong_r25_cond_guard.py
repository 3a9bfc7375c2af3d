# INTENT: sum / global batch with a tf.cond guard that returns the constant 0.0 for an empty replica; the guard's float32 branch does not match float64 losses, so inside a tf.function step (strategy.run) float64 losses raise a tf.cond structure/dtype error; float32 losses and eager calls work
import tensorflow as tf


def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    n = tf.size(losses)
    return tf.cond(n > 0,
                   lambda: tf.reduce_sum(losses) / tf.cast(global_batch_size, losses.dtype),
                   lambda: tf.constant(0.0))       # an empty replica adds nothing
