# INTENT: right by the prompt's words (probe): shard k takes hidden units k, k+d, k+2d, ... (strided, not contiguous); shapes, values and the summed output all satisfy the stated contract.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError("d must divide h")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
