import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    # np.split raises ValueError itself when d does not divide the hidden width
    w1s = np.split(np.asarray(w1), d, axis=1)
    b1s = np.split(np.asarray(b1), d)
    w2s = np.split(np.asarray(w2), d, axis=0)
    return list(zip(w1s, b1s, w2s))
