# INTENT: right: exact integer search over accum_steps from the ceiling of gb/(r*limit), checking the split and the limit with ints only.
import math
import operator


def choose_accum_steps(global_batch_size, num_replicas, max_per_replica_batch_size):
    """The fewest micro-batches per update whose per-replica share fits the memory limit."""
    gb = operator.index(global_batch_size)
    r = operator.index(num_replicas)
    limit = max_per_replica_batch_size
    if isinstance(limit, float):
        if math.isnan(limit):
            raise ValueError("the limit is NaN")
        limit = global_batch_size if limit == math.inf else math.floor(limit)   # no limit: one micro-batch
    limit = operator.index(limit)
    if gb < 1 or r < 1:
        raise ValueError("global_batch_size and num_replicas must be at least 1")
    if limit < 1:
        raise ValueError(f"a limit of {max_per_replica_batch_size} holds no example")
    if gb % r:
        raise ValueError(f"{gb} does not split over {r} replicas")
    share = gb // r                      # examples per replica per update
    k = max(1, -(-share // limit))       # fewest micro-batches that could fit
    while k <= share:
        if share % k == 0 and share // k <= limit:
            return k
        k += 1
    raise ValueError(f"{gb} cannot be split over {r} replicas with at most {limit} per replica")
