# INTENT: correct: columns k*h/d..(k+1)*h/d of w1 and b1, the same rows of w2; ValueError when d does not divide h.
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError(f"d={d} does not divide the hidden width h={h}")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c].copy(), b1[k * c:(k + 1) * c].copy(), w2[k * c:(k + 1) * c, :].copy())
            for k in range(d)]
