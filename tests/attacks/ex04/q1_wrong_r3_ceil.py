# INTENT: rounds global/(replicas*max) up without checking the split is exact (table names it)
import math
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if global_batch_size % num_replicas:
        raise ValueError("no split")
    return max(1, math.ceil(global_batch_size / (num_replicas * max_per_replica_batch_size)))
