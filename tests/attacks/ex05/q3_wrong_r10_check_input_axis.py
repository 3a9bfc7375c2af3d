# INTENT: checks divisibility on w1.shape[0] (the input width) instead of the hidden width: no ValueError when d divides `in` but not h (unequal last shard), and a wrong ValueError the other way.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    n_in, h = w1.shape
    if n_in % d:
        raise ValueError(f"{n_in} is not divisible by d={d}")
    c = -(-h // d)
    return [(w1[:, k * c:(k + 1) * c], b1[k * c:(k + 1) * c], w2[k * c:(k + 1) * c]) for k in range(d)]
