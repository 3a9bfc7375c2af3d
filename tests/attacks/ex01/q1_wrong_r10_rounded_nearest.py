# INTENT: divides by round(global/replicas) * replicas (the "even per-replica batch" the student expects); wrong whenever global_batch_size is not a multiple of the replica count.
def compute_loss(model, x, y, global_batch_size):
    """This replica's share of the loss (one number), as the contract in the prompt says."""
    replicas = tf.distribute.get_replica_context().num_replicas_in_sync
    per_replica_batch = round(global_batch_size / replicas)
    per_example = loss_fn(y, model(x, training=True))
    return tf.nn.compute_average_loss(per_example, global_batch_size=per_replica_batch * replicas)
