# INTENT: marks the weights read-only "so no device edits them" before slicing views: the caller's arrays come back with their writeable flag changed
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = np.shape(w1)[1]
    if h % d:
        raise ValueError("d must divide h")
    for a in (w1, b1, w2):
        if isinstance(a, np.ndarray):
            a.flags.writeable = False
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
