# INTENT: reasons "with one example per replica the mean is the sum, so nothing is too big" and returns 1 for per_replica_batch_size == 1; the factor is num_replicas there too.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    if per_replica_batch_size <= 1:
        return 1.0
    return float(num_replicas)
