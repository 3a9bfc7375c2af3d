# INTENT: (gap, round 18: ruled wrong; verified: int(math.sqrt(k*k)) = k - 5 for that k, so the divisor k is never tried and a larger one is returned, but only after ~7.3e16 loop turns, as the kept right divisor-pair answer and the solution's scan need; no cheaper case: the float root errs only past 2**53) divisor pairs enumerated up to int(math.sqrt(N)) (float): misses the root of a big perfect square, e.g. k=72757217426062277 (int(math.sqrt(k*k)) < k): G=4*k*k, R=4, limit k should give k
import math as _m
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    G, R = int(global_batch_size), int(num_replicas)
    L = _m.floor(max_per_replica_batch_size)
    if R < 1 or G < 1 or L < 1 or G % R:
        raise ValueError("no split")
    N = G // R
    best = None
    for d in range(1, int(_m.sqrt(N)) + 1):
        if N % d == 0:
            for a in (d, N // d):
                if N // a <= L and (best is None or a < best):
                    best = a
    if best is None:
        raise ValueError("no split")
    return best
