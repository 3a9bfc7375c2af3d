# INTENT: N + 0.0004 (not exactly N; survives rounding to 3 decimals)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas * (1 + 1e-4)
