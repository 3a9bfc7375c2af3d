# INTENT: thinks a per-replica batch of 1 makes the mean equal the sum so nothing is wrong (factor 1): it is still num_replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    if per_replica_batch_size <= 1:
        return 1.0
    return float(num_replicas)
