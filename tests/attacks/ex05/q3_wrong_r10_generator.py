# INTENT: "return (... for k in range(d))" looks like a tuple but is a generator: not a list or tuple of d shards (no len, iterable once).
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    c = h // d
    return ((w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d))
