# INTENT: a correct answer (round-4 blind attacker)
import numpy as np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = np.array(w1), np.array(b1), np.array(w2)
    h = w1.shape[1]
    if not isinstance(d, int) or d < 1 or h % d:
        raise ValueError(f"d={d} does not divide the hidden width {h}")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
