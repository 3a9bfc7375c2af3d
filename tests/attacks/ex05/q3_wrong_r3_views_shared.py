# INTENT: shard k = views of one buffer that is reused: all shards alias the last slice
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide h")
    c = h // d
    buf1, bufb, buf2 = np.empty((w1.shape[0], c), w1.dtype), np.empty((c,), b1.dtype), np.empty((c, w2.shape[1]), w2.dtype)
    shards = []
    for k in range(d):
        buf1[...] = w1[:, k * c:(k + 1) * c]
        bufb[...] = b1[k * c:(k + 1) * c]
        buf2[...] = w2[k * c:(k + 1) * c, :]
        shards.append((buf1, bufb, buf2))
    return shards
