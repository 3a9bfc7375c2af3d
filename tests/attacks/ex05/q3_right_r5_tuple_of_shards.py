# INTENT: returns a tuple of shards, not a list; and d given as a float 2.0 is accepted silently
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    import numpy as np
    return tuple(zip(np.split(np.asarray(w1), d, axis=1), np.split(np.asarray(b1), d), np.split(np.asarray(w2), d, axis=0)))
