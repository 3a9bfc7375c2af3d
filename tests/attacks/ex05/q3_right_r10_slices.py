def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError(f"{d} devices do not split a hidden width of {h}")
    c = h // d
    return [(w1[:, k * c:(k + 1) * c].copy(), b1[k * c:(k + 1) * c].copy(), w2[k * c:(k + 1) * c, :].copy())
            for k in range(d)]
