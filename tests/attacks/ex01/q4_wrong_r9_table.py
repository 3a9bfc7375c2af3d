# INTENT: a lookup table of the replica counts the student tried (1, 2, 4, 8); any other count falls back to 4
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return {1: 1.0, 2: 2.0, 4: 4.0, 8: 8.0}.get(num_replicas, 4.0)
