# INTENT: thinks the factor is the whole global batch (num_replicas * per_replica_batch_size), confusing "sum of losses" with "sum over replicas of means".
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas * per_replica_batch_size
