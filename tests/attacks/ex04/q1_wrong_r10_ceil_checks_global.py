# INTENT: starts at ceil(per-replica share / limit) and steps up until k divides the GLOBAL batch, not the per-replica share: (24, 3, 3) gives 3 (8/3 per replica) instead of 4.
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    n = global_batch_size // num_replicas
    k = max(1, math.ceil(n / max_per_replica_batch_size))
    while k <= n:
        if global_batch_size % k == 0:
            return k
        k += 1
    raise ValueError("no split")
