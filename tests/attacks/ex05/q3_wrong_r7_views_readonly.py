# INTENT: returns views of the weights and marks the originals read-only to "protect" them: changes the caller's flags.
import numpy as np
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    for a in (w1, b1, w2):
        if isinstance(a, np.ndarray):
            a.setflags(write=False)
    return list(zip(np.split(w1, d, axis=1), np.split(b1, d), np.split(w2, d, axis=0)))
