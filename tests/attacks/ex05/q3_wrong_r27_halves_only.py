# INTENT: wrong: always splits in halves and repeats the halves to fill d shards (written for the notebook's 2 devices), ignoring d's actual value: wrong shapes and sums for d != 2.
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide h={h}")
    half = h // 2
    shards = [(w1[:, :half], b1[:half], w2[:half]), (w1[:, half:], b1[half:], w2[half:])]
    return shards if d == 2 else [shards[k % 2] for k in range(d)]
