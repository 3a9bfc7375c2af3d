# INTENT: wrong: turns on TensorFlow's NumPy behaviour (a global type-promotion setting) so that `losses / G` promotes like NumPy, changing a setting of the whole session (breaks "Leave the session as you found it").
tf.experimental.numpy.experimental_enable_numpy_behavior()


def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(per_example_losses) / global_batch_size
