def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    # per-replica mean divides by n, the right loss by G = R * n: ratio G / n
    global_batch = num_replicas * per_replica_batch_size
    return global_batch / per_replica_batch_size
