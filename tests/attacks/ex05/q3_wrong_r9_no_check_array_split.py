# INTENT: np.array_split gives uneven shards when d does not divide h instead of raising ValueError (the student checks only d > h)
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    if d > w1.shape[1]:
        raise ValueError("more devices than hidden units")
    return list(zip(np.array_split(w1, d, axis=1), np.array_split(b1, d), np.array_split(w2, d, axis=0)))
