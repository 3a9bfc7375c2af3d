# INTENT (outside: the prompt names no dtype): casts the losses to float32 before summing: a float64 per-example loss loses precision (and the result's dtype changes) (round 16: ruled wrong, no rounding through a narrower type)
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(tf.cast(per_example_losses, tf.float32)) / float(global_batch_size)
