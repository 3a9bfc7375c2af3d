# INTENT: (gap, round 19: ruled wrong; its start is too low only when share / limit rounds, which needs a limit above 2**53, e.g. (2**54 + 2, 1, 2**54) -> 2, it gives 1; any such case makes a kept right answer loop ~1e8 times or more: the sqrt divisor scan always, and the per-replica scans from the limit down or the k scans from 1, one of them, ~limit / k or ~k turns) the search starts at math.ceil(share / limit), a float division, and from there takes the first k that divides the share; above 2**53 the float quotient rounds down to a whole number, the start is one too low, and a k whose per-replica batch exceeds the limit is returned
import math

def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    limit = math.floor(max_per_replica_batch_size)
    if limit < 1 or global_batch_size % num_replicas:
        raise ValueError(f"{global_batch_size} examples cannot be split over {num_replicas} replicas "
                         f"with at most {max_per_replica_batch_size} per replica")
    share = global_batch_size // num_replicas
    # fewer micro-batches than share / limit cannot fit: start there, the first divisor from there fits
    k = max(1, math.ceil(share / limit))
    while k <= share:
        if share % k == 0:
            return k
        k += 1
    raise ValueError("no split")
