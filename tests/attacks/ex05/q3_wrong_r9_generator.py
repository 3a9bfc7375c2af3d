# INTENT: returns a generator of shards instead of a list or tuple of d shards (can be consumed once, has no len)
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = np.shape(w1)[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    return ((np.asarray(w1)[:, k * c:(k + 1) * c], np.asarray(b1)[k * c:(k + 1) * c], np.asarray(w2)[k * c:(k + 1) * c])
            for k in range(d))
