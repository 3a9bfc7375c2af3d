# INTENT: divides the bias rows evenly... no: splits b1 but also gives each shard w2 scaled by d/d via float ops (w2 * (1/d) * d): not the pair's own values to the bit.
import numpy as np
def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    s = h // d
    return [(w1[:, k*s:(k+1)*s] * 1.0, b1[k*s:(k+1)*s] + 0.0, (w2[k*s:(k+1)*s] / 3.0) * 3.0) for k in range(d)]
