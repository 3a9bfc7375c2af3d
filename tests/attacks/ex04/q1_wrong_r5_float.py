# INTENT: returns a float (numpy ceil arithmetic), not an int as the contract says
import numpy as np
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    k = max(1.0, np.ceil(global_batch_size / (num_replicas * max_per_replica_batch_size)))
    while global_batch_size % (num_replicas * k):
        k += 1.0
    return k
