# INTENT: wrong: memoised: the same tuple object is returned again for the same sizes (not a new result per call)
import functools
@functools.lru_cache(maxsize=None)
def _w(sizes):
    R, G = len(sizes), sum(sizes)
    return tuple(R * n / G for n in sizes)
def fit_sample_weights(per_replica_batch_sizes):
    return _w(tuple(int(n) for n in per_replica_batch_sizes))
