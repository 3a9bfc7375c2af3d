# INTENT: wrong: takes the replica's sum as the last entry of a sequential float32 running sum (tf.math.cumsum), about 30x less accurate than tf.reduce_sum (1.3e-6 relative at 4000 examples, 2.6e-5 at 1e6), so big replicas' scalars drift from the mean (bends "add up to that mean loss to float32 precision"; it may still be within the check's tolerance).
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.convert_to_tensor(per_example_losses)
    running = tf.math.cumsum(losses)
    return tf.reduce_sum(running[-1:]) / tf.cast(global_batch_size, losses.dtype)
