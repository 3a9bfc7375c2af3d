# INTENT: reasons "a mean over 1 example is the sum, so no error" and returns 1 for per-replica batch 1; the factor is still num_replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    if per_replica_batch_size <= 1:
        return 1.0
    return float(num_replicas)
