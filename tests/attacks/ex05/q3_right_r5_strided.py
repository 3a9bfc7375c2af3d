def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    # any partition of the hidden units works: device k takes units k, k+d, k+2d, ...
    import numpy as np
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError(f"{d} devices do not divide the hidden width {h}")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
