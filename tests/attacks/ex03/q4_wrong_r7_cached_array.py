# INTENT: memoises a numpy array of weights per sizes and returns that same array: a caller scaling it in place changes every later answer.
import numpy as np
_w = {}
def fit_sample_weights(per_replica_batch_sizes):
    key = tuple(int(n) for n in per_replica_batch_sizes)
    if key not in _w:
        n = np.asarray(key, dtype=np.float64)
        _w[key] = n * len(n) / n.sum()
    return _w[key]
