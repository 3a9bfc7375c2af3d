# INTENT: wrong: a fractional limit is rounded (round(), half to even) instead of taking its whole part: 3.5 allows 4 per replica
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    L = round(max_per_replica_batch_size)
    if L < 1 or global_batch_size % num_replicas:
        raise ValueError("no split")
    P = global_batch_size // num_replicas
    for p in range(min(L, P), 0, -1):
        if P % p == 0:
            return P // p
    raise ValueError("no split")
