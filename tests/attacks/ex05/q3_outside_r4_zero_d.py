# INTENT: d=0 (or negative d with h even) is not rejected with ValueError: ZeroDivisionError / nonsense shards
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c, :]) for k in range(d)]
