# INTENT: WRONG - freezes the weights (writeable=False) while it cuts views and unfreezes them at the end, but the "d must divide h" check sits in between: when it raises ValueError the caller's arrays are left read-only (inputs must be left as given, flags included); the happy path is clean.
import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    arrays = [a for a in (w1, b1, w2) if isinstance(a, np.ndarray)]
    was = [a.flags.writeable for a in arrays]
    for a in arrays:
        a.flags.writeable = False                 # nobody edits the weights while we cut them
    h = np.shape(w1)[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d} devices")
    c = h // d
    shards = [(np.array(w1[:, k * c:(k + 1) * c]), np.array(b1[k * c:(k + 1) * c]), np.array(w2[k * c:(k + 1) * c]))
              for k in range(d)]
    for a, w in zip(arrays, was):
        a.flags.writeable = w
    return shards
