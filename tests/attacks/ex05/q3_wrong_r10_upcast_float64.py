# INTENT: converts the weights with np.asarray(..., dtype=np.float64) "for precision" before slicing: a float32 pair's shards come back float64 (the prompt: their dtype).
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = (np.asarray(a, dtype=np.float64) for a in (w1, b1, w2))
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
