# INTENT: right (arguably): every d-th hidden unit per device; the hidden units are independent, so the partials still sum to the pair.
import numpy as np
def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d].copy()) for k in range(d)]
