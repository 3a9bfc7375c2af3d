# INTENT: believes a batch of one example needs no averaging, so no error with per_replica_batch_size 1 (it is still N x).
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return num_replicas if per_replica_batch_size > 1 else 1
