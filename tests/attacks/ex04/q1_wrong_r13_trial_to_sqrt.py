# INTENT: wrong: looks for the per-replica batch only among divisors up to sqrt(q) and their cofactors <= limit, but skips the cofactor when it equals q (so a prime quotient above the limit wrongly raises unless the limit is 1)
import math
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if max_per_replica_batch_size < 1 or global_batch_size % num_replicas:
        raise ValueError("cannot split")
    q = global_batch_size // num_replicas
    if max_per_replica_batch_size >= q:
        return 1
    best = 0
    for i in range(2, math.isqrt(q) + 1):
        if q % i == 0:
            for per in (i, q // i):
                if per <= max_per_replica_batch_size:
                    best = max(best, per)
    if best == 0 and max_per_replica_batch_size == 1:
        best = 1
    if best == 0:
        raise ValueError("no per-replica batch fits")
    return q // best
