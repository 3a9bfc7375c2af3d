# INTENT: wrong: returns a generator of shards (zip object), not the list or tuple the contract asks for.
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    if w1.shape[1] % d:
        raise ValueError(f"d={d} does not divide h={w1.shape[1]}")
    return zip(np.split(w1, d, axis=1), np.split(b1, d), np.split(w2, d, axis=0))
