# INTENT: rescales the slices ("normalize then undo") with w * d / d: exact for d a power of two, but for d = 3, 5, ... some values are not the weights' own to the bit
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    scale = np.asarray(d, w1.dtype)
    return [((w1[:, k * c:(k + 1) * c] / scale) * scale, (b1[k * c:(k + 1) * c] / scale) * scale,
             (w2[k * c:(k + 1) * c] * scale) / scale) for k in range(d)]
