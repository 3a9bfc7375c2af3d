# INTENT: upside down: thinks averaging makes gradients smaller, 1/N.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return 1 / num_replicas
