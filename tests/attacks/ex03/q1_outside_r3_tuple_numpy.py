# INTENT: returns a numpy int64 array, not a list of ints.
import numpy as np

def plan_batches(capacities, global_batch_size):
    """Per-replica batch sizes proportional to capacities, summing to global_batch_size."""
    return np.array(memory.plan(capacities, global_batch_size).per_replica_batch_sizes, dtype=np.int64)
