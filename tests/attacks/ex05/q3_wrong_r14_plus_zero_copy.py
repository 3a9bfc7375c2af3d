# INTENT: wrong: copies shards with "+ 0.0", which turns -0.0 weights into +0.0 (not the weights' own values to the bit)
import numpy as np

def split_pair(w1, b1, w2, d):
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    k = h // d
    z = w1.dtype.type(0)
    return [(w1[:, j * k:(j + 1) * k] + z, b1[j * k:(j + 1) * k] + z, w2[j * k:(j + 1) * k] + z) for j in range(d)]
