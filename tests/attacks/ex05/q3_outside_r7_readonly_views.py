# INTENT: (outside) read-only views of the weights as shards: values, dtype and the caller's arrays untouched; the prompt does not ask for writable copies.
import numpy as np
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    s = h // d
    ro = lambda a: np.lib.stride_tricks.as_strided(a, writeable=False)
    return [(ro(w1[:, k*s:(k+1)*s]), ro(b1[k*s:(k+1)*s]), ro(w2[k*s:(k+1)*s])) for k in range(d)]
