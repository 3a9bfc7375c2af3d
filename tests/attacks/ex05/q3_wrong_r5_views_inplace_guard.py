# INTENT: sets the input arrays read-only ("so nobody edits the master weights") -- changes the caller's arrays' flags in place
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    import numpy as np
    for v in (w1, b1, w2):
        if isinstance(v, np.ndarray):
            v.flags.writeable = False
    h = w1.shape[1]
    if h % d:
        raise ValueError("uneven")
    s = h // d
    return [(w1[:, k * s:(k + 1) * s], b1[k * s:(k + 1) * s], w2[k * s:(k + 1) * s, :]) for k in range(d)]
