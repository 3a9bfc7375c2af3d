# INTENT: turns on TF's NumPy behaviour (to use .sum()/.shape like numpy) inside the function: a session-wide TensorFlow setting (type promotion, tensor methods) left changed
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    tf.experimental.numpy.experimental_enable_numpy_behavior()
    return tf.reduce_sum(per_example_losses) / tf.cast(global_batch_size, per_example_losses.dtype)
