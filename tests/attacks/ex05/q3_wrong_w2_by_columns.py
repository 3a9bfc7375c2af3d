# INTENT: splits w2 by its output columns (like w1) instead of by rows: shapes (h, out/d) and partials that would need a concat (all-gather), not a sum. (public check: caught)
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h, out = np.shape(w1)[1], np.shape(w2)[1]
    if h % d or out % d:
        raise ValueError("d must divide h")
    c, o = h // d, out // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[:, k * o:(k + 1) * o]) for k in range(d)]
