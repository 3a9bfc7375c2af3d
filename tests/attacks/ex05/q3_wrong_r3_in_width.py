# INTENT: computes the shard width from w1.shape[0] (the input width) instead of h: right only when in == h
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    n = w1.shape[0]
    if n % d:
        raise ValueError("d must divide the width")
    c = n // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c, :]) for k in range(d)]
