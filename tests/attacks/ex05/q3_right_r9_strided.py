import numpy as np


def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    # any partition of the hidden units works, as long as w1's columns, b1 and w2's rows agree:
    # here unit j goes to device j % d
    w1, b1, w2 = np.array(w1), np.array(b1), np.array(w2)
    h = w1.shape[1]
    if h % d:
        raise ValueError("d must divide the hidden width")
    return tuple((w1[:, k::d], b1[k::d], w2[k::d, :]) for k in range(d))
