# INTENT: rounds global / (replicas x max) up without checking that the split is exact (64, 4, 6 -> 3, which gives 5.33 per replica) and never raises.
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    return max(1, math.ceil(global_batch_size / (num_replicas * max_per_replica_batch_size)))
