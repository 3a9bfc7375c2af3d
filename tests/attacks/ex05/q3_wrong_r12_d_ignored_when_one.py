# INTENT: checks divisibility with h // d * d but computes the hidden width from b1 and trusts it; for d larger than h (h % d != 0 but h//d == 0) returns empty shards instead of raising
import numpy as np

def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    h = len(b1)
    s = h // d
    if s and s * d != h:
        raise ValueError("d does not divide h")
    return [(w1[:, k * s:(k + 1) * s], b1[k * s:(k + 1) * s], w2[k * s:(k + 1) * s]) for k in range(d)]
