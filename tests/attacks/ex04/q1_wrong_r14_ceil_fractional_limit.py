# INTENT: wrong: a fractional limit above one is rounded up (limit 2.5 lets 3 examples per replica); below one still raises
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    if global_batch_size % num_replicas:
        raise ValueError("does not split")
    if max_per_replica_batch_size < 1:
        raise ValueError("limit below one example")
    cap = math.ceil(max_per_replica_batch_size)
    share = global_batch_size // num_replicas
    for k in range(1, share + 1):
        if share % k == 0 and share // k <= cap:
            return k
    raise ValueError("no split")
