# INTENT: also requires the input width to split over d ("every weight must split evenly"): raises ValueError for a valid d that divides h but not in
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    n_in, h = w1.shape
    if h % d or n_in % d:
        raise ValueError("d must divide the weights' widths")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c].copy(), b1[k * c:(k + 1) * c].copy(), w2[k * c:(k + 1) * c].copy())
            for k in range(d)]
