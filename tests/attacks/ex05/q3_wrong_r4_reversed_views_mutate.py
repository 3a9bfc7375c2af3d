# INTENT: normalizes the inputs in place to numpy first via np.asarray(...) then "cleans" tiny weights to 0 in place (denormal flush): changes the given w1 and the split values
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.asarray(w1), np.asarray(b1), np.asarray(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    c = h // d
    shards = [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c, :]) for k in range(d)]
    for a, _, _ in shards:
        a[np.abs(a) < 1e-3] = 0.0
    return shards
