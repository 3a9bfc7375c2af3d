# INTENT: wrong: weights kept between calls in an lru_cache (contract: nothing kept from an earlier call)
import functools

@functools.lru_cache(maxsize=None)
def _weights(sizes):
    R, G = len(sizes), sum(sizes)
    return tuple(R * n / G for n in sizes)

def fit_sample_weights(per_replica_batch_sizes):
    return list(_weights(tuple(int(n) for n in per_replica_batch_sizes)))
