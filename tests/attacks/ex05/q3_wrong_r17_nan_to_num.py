# INTENT: wrong: shards "sanitised" with np.nan_to_num: non-finite weights become 0/huge, not the weights' own values to the bit
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"{h} not divisible by {d}")
    c = h // d
    return [tuple(np.nan_to_num(a) for a in (w1[:, k*c:(k+1)*c], b1[k*c:(k+1)*c], w2[k*c:(k+1)*c, :])) for k in range(d)]
