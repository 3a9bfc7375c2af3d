# INTENT: returns the shards as nested Python lists (tolist()), not numpy arrays or tensors: the dtype is lost
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    import numpy as np
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("uneven")
    s = h // d
    return [(w1[:, k * s:(k + 1) * s].tolist(), b1[k * s:(k + 1) * s].tolist(), w2[k * s:(k + 1) * s, :].tolist())
            for k in range(d)]
