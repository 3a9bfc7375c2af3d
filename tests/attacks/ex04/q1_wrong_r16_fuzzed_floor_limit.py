# INTENT: wrong: the limit's whole part is taken as floor(limit + 1e-9) "against float fuzz": a limit such as 2.9999999999 is treated as 3 examples, above what fits
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    m = math.floor(max_per_replica_batch_size + 1e-9)
    if m < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    p = global_batch_size // num_replicas
    k = max(1, -(-p // m))
    while k <= p:
        if p % k == 0:
            return k
        k += 1
    raise ValueError("no split")
