# INTENT: wrong: memoizes the shards in a mutable default argument keyed by the arrays' ids and d, so a later call after the caller trained its weights in place (or with new arrays reusing an id) returns stale values (breaks "the weights' own values"; state kept between calls).
import numpy as np

def split_pair(w1, b1, w2, d, _cache={}):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    key = (id(w1), id(b1), id(w2), w1.shape, d)
    if key not in _cache:
        h = w1.shape[1]
        if h % d:
            raise ValueError("d must divide h")
        c = h // d
        _cache[key] = tuple((np.array(w1[:, k * c:(k + 1) * c]), np.array(b1[k * c:(k + 1) * c]),
                             np.array(w2[k * c:(k + 1) * c])) for k in range(d))
    return list(_cache[key])
