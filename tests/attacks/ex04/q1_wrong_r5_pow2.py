# INTENT: assumes power-of-two batches: rounds accum_steps up to the next power of two; (96,4,8) gives 4 instead of 3
import math
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    need = global_batch_size / (num_replicas * max_per_replica_batch_size)
    k = 1 if need <= 1 else 2 ** math.ceil(math.log2(need))
    if global_batch_size % (num_replicas * k):
        raise ValueError("no split")
    return k
