# INTENT: wrong: arithmetic in NumPy int64 (np.int64(global_batch_size)): a global batch of 2**63 or more overflows/raises, not exact at any size as the contract asks
import numpy as _np
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    import math
    g, r = _np.int64(global_batch_size), _np.int64(num_replicas)
    limit = math.floor(max_per_replica_batch_size)
    if g % r or limit < 1:
        raise ValueError("no split")
    m = g // r
    best = _np.int64(0)
    for d in range(1, math.isqrt(int(m)) + 1):
        if m % d == 0:
            for p in (_np.int64(d), m // d):
                if best < p <= limit:
                    best = p
    return m // best
