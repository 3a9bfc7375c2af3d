def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"hidden width {h} is not divisible by d={d}")
    # device k takes hidden units k, k+d, k+2d, ... (round robin): any partition of the hidden units works,
    # as long as w1's columns, b1's entries and w2's rows go together
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
