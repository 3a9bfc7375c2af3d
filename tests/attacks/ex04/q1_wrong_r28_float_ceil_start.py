# INTENT: wrong: starts at math.ceil(gb / (r*limit)) with a float division and never re-checks the limit, so above 2**53 (e.g. gb=2*(2**60+1), r=2, limit=2**60) it returns 1 with a share above the limit, breaking "exact at any size" and "per_replica_batch_size <= max".
import math


def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("no split fits")
    share = global_batch_size // num_replicas
    k = max(1, math.ceil(global_batch_size / (num_replicas * max_per_replica_batch_size)))
    while k <= share:
        if share % k == 0:          # the start already guarantees the limit
            return k
        k += 1
    raise ValueError("no split fits")
