# INTENT: rebuilds the global batch as (global_batch_size // replicas) * replicas "to be safe"; for a global batch not divisible by the replicas it divides by the wrong number.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    replicas = tf.distribute.get_replica_context().num_replicas_in_sync
    per_replica = global_batch_size // replicas
    per_example = loss_fn(y, model(x, training=True))
    return tf.reduce_sum(per_example) / float(per_replica * replicas)
