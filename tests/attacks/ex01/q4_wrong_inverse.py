# INTENT: thinks the per-replica mean makes the gradients smaller (1/num_replicas) instead of num_replicas times bigger.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return 1.0 / num_replicas
