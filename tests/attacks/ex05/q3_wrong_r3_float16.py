# INTENT: casts shards to float16 "to save device memory" (precision loss; the pair is float32)
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = (np.asarray(a, np.float16) for a in (w1, b1, w2))
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c, :]) for k in range(d)]
