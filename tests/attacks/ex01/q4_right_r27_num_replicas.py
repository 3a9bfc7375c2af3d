# INTENT: right: the per-replica mean divides by b instead of R*b, and the strategy adds R replicas, so the factor is exactly num_replicas (whatever the batch size).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas
