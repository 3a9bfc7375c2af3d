# INTENT: wrong: "sanitizes" the caller's weights in place (np.nan_to_num(copy=False)): a w1/b1/w2 holding NaN or inf is changed, and its shards are no longer the pair's own values
import numpy as _np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    arrays = []
    for a in (w1, b1, w2):
        a = _np.asarray(a)
        if a.flags.writeable:
            _np.nan_to_num(a, copy=False)        # a NaN weight would poison every device's partial sum
        arrays.append(a)
    w1, b1, w2 = arrays
    h = w1.shape[1]
    if h % d:
        raise ValueError(f"d={d} does not divide h={h}")
    c = h // d
    return [(w1[:, k*c:(k+1)*c].copy(), b1[k*c:(k+1)*c].copy(), w2[k*c:(k+1)*c].copy()) for k in range(d)]
