# INTENT: wrong: memoizes shards by the arrays' id() and d: a weight edited in place (or a new array at a reused id) gets stale shards
import numpy as np
_cache = {}

def split_pair(w1, b1, w2, d):
    key = (id(w1), id(b1), id(w2), d)
    if key in _cache:
        return _cache[key]
    h = np.shape(w1)[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    k = h // d
    a1, c1, a2 = np.array(w1), np.array(b1), np.array(w2)
    out = [(a1[:, j * k:(j + 1) * k].copy(), c1[j * k:(j + 1) * k].copy(), a2[j * k:(j + 1) * k].copy()) for j in range(d)]
    _cache[key] = out
    return out
