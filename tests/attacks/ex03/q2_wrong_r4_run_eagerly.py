# INTENT: switches every tf.function to eager globally (tf.config.run_functions_eagerly(True)) 'to debug' and leaves it on: changes global state
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    tf.config.run_functions_eagerly(True)
    return tf.reduce_sum(per_example_losses) / global_batch_size
