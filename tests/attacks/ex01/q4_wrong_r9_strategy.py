# INTENT: reads the replica count from the notebook's strategy instead of the argument (works when the check passes the same count)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(num_replicas if num_replicas <= 2 else strategy.num_replicas_in_sync)
