# INTENT: hands out views and, to keep the shards from being edited, marks the caller's arrays read-only: their flags are changed (the prompt: left as they were, their flags included).
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    c = h // d
    for a in (w1, b1, w2):
        if isinstance(a, np.ndarray):
            a.flags.writeable = False
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
