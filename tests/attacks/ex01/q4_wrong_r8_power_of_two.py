# INTENT: rounds the replica count to a power of two ("replicas come in powers of two"): right for 2, 4, 8, wrong for 3 or 6 replicas
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    import math
    return float(2 ** round(math.log2(num_replicas)))
