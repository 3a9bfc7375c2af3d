# INTENT: checks that the micro-batch divides the global batch and that the per-replica share (rounded up) fits, but not that the micro-batch splits evenly over the replicas, e.g. (36, 4, 5) -> 2 (18 per micro-batch, 4.5 per replica)
import math
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("global batch does not split over the replicas")
    for k in range(1, global_batch_size + 1):
        if global_batch_size % k == 0 and math.ceil(global_batch_size / k / num_replicas) <= max_per_replica_batch_size:
            return k
    raise ValueError("no split fits")
