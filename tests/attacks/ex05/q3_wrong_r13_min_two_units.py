# INTENT: wrong: raises ValueError when a shard would hold fewer than 2 hidden units (d > h/2), though any d dividing h is valid
import numpy as _np
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d or (h // d < 2 and d > 1):
        raise ValueError("d must divide h with at least 2 units per shard")
    c = h // d
    w1, b1, w2 = _np.array(w1), _np.array(b1), _np.array(w2)
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
