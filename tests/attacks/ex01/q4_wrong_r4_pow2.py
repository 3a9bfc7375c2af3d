# INTENT: rounds N down to a power of 2 (right for 2, 4, 8 only)
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import math
    return 2 ** int(math.log2(num_replicas))
