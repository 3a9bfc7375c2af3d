# INTENT: reshapes the caller's b1 and w2 in place (b1.shape = (d, c)) to index the shards, and never puts the shapes back: b1 and w2 are not left as they were given.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    out = w2.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    c = h // d
    b1.shape = (d, c)
    w2.shape = (d, c, out)
    return [(w1[:, k * c:(k + 1) * c].copy(), b1[k].copy(), w2[k].copy()) for k in range(d)]
