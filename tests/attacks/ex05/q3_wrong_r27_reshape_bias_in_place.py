# INTENT: wrong: splits b1 by assigning its .shape in place (then forgets to put it back on one path), so the caller's b1 is left reshaped to (d, h/d), breaking "w1, b1, w2 are left as they were given".
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide h={h}")
    c = h // d
    b1.shape = (d, c)                 # one row per device, no copy
    shards = [(w1[:, k * c:(k + 1) * c], b1[k].copy(), w2[k * c:(k + 1) * c]) for k in range(d)]
    if d == 2:
        b1.shape = (h,)
    return shards
