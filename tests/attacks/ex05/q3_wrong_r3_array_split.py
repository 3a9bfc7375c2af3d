# INTENT: np.array_split: uneven shards instead of ValueError when d does not divide h
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    return list(zip(np.array_split(np.asarray(w1), d, axis=1), np.array_split(np.asarray(b1), d),
                    np.array_split(np.asarray(w2), d, axis=0)))
