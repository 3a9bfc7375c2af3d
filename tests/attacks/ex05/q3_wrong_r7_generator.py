# INTENT: returns a generator of shards (lazy), not a list or tuple: it can be read once only.
import numpy as np
def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    s = h // d
    return ((w1[:, k*s:(k+1)*s], b1[k*s:(k+1)*s], w2[k*s:(k+1)*s]) for k in range(d))
