# INTENT: a formula that equals num_replicas only for even replica counts (student generalises from 2, 4, 8 GPUs and rounds to whole ring pairs); wrong for 3 or 5 replicas.
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(max(1, num_replicas - num_replicas % 2))
