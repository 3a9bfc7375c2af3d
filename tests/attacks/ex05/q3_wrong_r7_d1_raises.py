# INTENT: treats d=1 as "nothing to split" and raises ValueError, though d is any number of devices >= 1.
import numpy as np
def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if d < 2 or h % d:
        raise ValueError("need at least 2 devices dividing h")
    s = h // d
    return [(w1[:, k*s:(k+1)*s].copy(), b1[k*s:(k+1)*s].copy(), w2[k*s:(k+1)*s].copy()) for k in range(d)]
