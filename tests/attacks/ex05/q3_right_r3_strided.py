import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    if w1.shape[1] % d:
        raise ValueError("d must divide the hidden width")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
