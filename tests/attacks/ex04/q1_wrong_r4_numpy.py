# INTENT: returns numpy.int64 from a vectorised search, not a Python int
import numpy as np
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    k = np.arange(1, global_batch_size + 1)
    ok = (global_batch_size % (num_replicas * k) == 0) & (global_batch_size // (num_replicas * k) <= max_per_replica_batch_size)
    if not ok.any():
        raise ValueError("no split")
    return k[ok][0]
