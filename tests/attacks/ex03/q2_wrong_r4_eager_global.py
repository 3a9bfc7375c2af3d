# INTENT: changes global state: re-seeds TensorFlow (tf.random.set_seed(0)) and forces run_functions_eagerly(False) on every call (overrides the caller's setting)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    tf.config.run_functions_eagerly(False)
    tf.random.set_seed(0)
    return tf.reduce_sum(per_example_losses) / global_batch_size
