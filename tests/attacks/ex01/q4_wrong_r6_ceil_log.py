# INTENT: confuses all-reduce tree depth with the scale: 2 ** ceil(log2(R)); right for powers of two (4, 2, 8) only
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import math
    return 2 ** math.ceil(math.log2(num_replicas)) if num_replicas > 1 else 1
