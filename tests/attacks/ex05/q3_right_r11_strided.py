import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    # hidden unit j goes to device j % d (round-robin): any partition of the hidden units works
    return tuple((w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d))
