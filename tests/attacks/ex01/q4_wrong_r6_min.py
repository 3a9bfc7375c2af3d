# INTENT: "the factor can't exceed the per-replica batch" reasoning: min(num_replicas, per_replica_batch_size); wrong whenever a replica holds fewer examples than there are replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return min(num_replicas, per_replica_batch_size)
