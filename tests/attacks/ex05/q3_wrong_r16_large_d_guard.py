# INTENT: wrong: refuses d > 8 ("no machine has more than 8 GPUs") with ValueError although d divides h
import numpy as _np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = _np.asarray(w1), _np.asarray(b1), _np.asarray(w2)
    h = w1.shape[1]
    if h % d or d > 8:
        raise ValueError(f"d={d}: must divide h={h} and be at most 8 devices")
    c = h // d
    return [(w1[:, k*c:(k+1)*c].copy(), b1[k*c:(k+1)*c].copy(), w2[k*c:(k+1)*c].copy()) for k in range(d)]
