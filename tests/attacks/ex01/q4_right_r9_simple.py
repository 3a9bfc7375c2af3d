def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(num_replicas)
