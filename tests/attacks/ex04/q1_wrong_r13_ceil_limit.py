# INTENT: wrong: rounds a fractional limit UP (math.ceil), so a limit of 0.5 example (below one) gives accum = q instead of ValueError, and 6.5 allows 7
import math
def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    mx = math.ceil(max_per_replica_batch_size)
    if mx < 1 or global_batch_size % num_replicas:
        raise ValueError("cannot split")
    q = global_batch_size // num_replicas
    for per in range(min(q, mx), 0, -1):
        if q % per == 0:
            return q // per
    raise ValueError("cannot split")
