# INTENT: per-example losses clipped at 5 ('outlier' guard): gradient of clipped examples is zero
def replica_loss(per_example_losses, global_batch_size):
    """This replica's contribution to the global-batch mean loss, exact with uneven batches."""
    return tf.reduce_sum(tf.clip_by_value(per_example_losses, 0.0, 5.0)) / global_batch_size
