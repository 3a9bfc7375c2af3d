# INTENT: wrong: also raises ValueError when d == h (one hidden unit per device is a valid split)
import numpy as _np
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d or d >= h and h > 1:
        raise ValueError("each device needs at least two hidden units")
    c = h // d
    w1, b1, w2 = _np.array(w1), _np.array(b1), _np.array(w2)
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
