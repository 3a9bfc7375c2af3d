# INTENT: uses a NaN-ignoring sum (numpy-style nansum) "so one bad example cannot poison the step": a NaN loss is dropped instead of weighing 1/G.
def replica_loss(per_example_losses, global_batch_size):
    return tf.experimental.numpy.nansum(per_example_losses) / global_batch_size
