# INTENT: wrong "noise scale" reasoning sqrt(per_replica_batch_size), which equals 4 for the public batch of 16.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return per_replica_batch_size ** 0.5
