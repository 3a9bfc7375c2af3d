# INTENT: casts every shard to float32 ("what the devices compute in"): a float64 (or float16) pair's shards are not the weights' own dtype/values
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = (np.asarray(a, dtype=np.float32) for a in (w1, b1, w2))
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide {h}")
    return list(zip(np.split(w1, d, axis=1), np.split(b1, d), np.split(w2, d, axis=0)))
