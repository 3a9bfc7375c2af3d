# INTENT: right: contiguous column blocks of w1/b1 and the matching row blocks of w2, copied.
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError(f"{d} devices do not divide the hidden width {h}")
    s = h // d
    return [(w1[:, k * s:(k + 1) * s].copy(), b1[k * s:(k + 1) * s].copy(), w2[k * s:(k + 1) * s].copy()) for k in range(d)]
