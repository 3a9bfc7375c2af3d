# INTENT: scales w2 rows by d and biases by 1/d thinking the all-reduce averages (mean) rather than sums
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], d * w2[k * c:(k + 1) * c, :]) for k in range(d)]
