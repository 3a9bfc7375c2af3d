# INTENT: right: per-replica mean divides each replica's sum by b instead of R*b; the strategy adds R such gradients, so the factor is exactly num_replicas (an exact Python int for any size).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return int(num_replicas)
