# INTENT: right: scan per-replica sizes downward from min(floor(limit), share) over divisors of the whole share
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    g, r = int(global_batch_size), int(num_replicas)
    if r < 1 or g < 1 or g % r:
        raise ValueError("the global batch does not split over the replicas")
    share = g // r
    if not max_per_replica_batch_size >= 1:
        raise ValueError("a limit below one example")
    cap = share if max_per_replica_batch_size >= share else math.floor(max_per_replica_batch_size)
    best = None
    i = 1
    while i * i <= share:
        if share % i == 0:
            for d in (i, share // i):
                if d <= cap and (best is None or d > best):
                    best = d
        i += 1
    if best is None:
        raise ValueError("no split")
    return share // best
