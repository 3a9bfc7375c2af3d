# INTENT: cuts the shards by multiplying with a 0/1 selection matrix (in float32): float64 weights come back float32 and values rounded.
import numpy as np
def split_pair(w1, b1, w2, d):
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    s = h // d
    out = []
    for k in range(d):
        sel = np.zeros((h, s), np.float32)
        sel[np.arange(k * s, (k + 1) * s), np.arange(s)] = 1
        out.append(((np.asarray(w1) @ sel).astype(np.float32), (np.asarray(b1) @ sel).astype(np.float32), (sel.T @ np.asarray(w2)).astype(np.float32)))
    return out
