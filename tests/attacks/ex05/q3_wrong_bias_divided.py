# INTENT: splits w1/w2 right but divides the bias slice by d ("the all-reduce adds it d times"), which is wrong: each bias unit lives on one shard only and sits inside the relu. (public check: caught)
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = np.shape(w1)[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c] / d, w2[k * c:(k + 1) * c, :]) for k in range(d)]
