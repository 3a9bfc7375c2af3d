# INTENT: takes the per-replica batch as global_batch_size // num_replicas (from the current strategy) and divides by per_replica x num_replicas; wrong for a global batch that is not a multiple of the replicas.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    n = tf.distribute.get_strategy().num_replicas_in_sync
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / ((global_batch_size // n) * n)
