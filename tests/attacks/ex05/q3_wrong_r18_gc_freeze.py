# INTENT: wrong: gc.freeze() moves every object to the permanent generation for the session (to speed up the split), left frozen
import gc as _gc
_gc.freeze()
import numpy as _np
def split_pair(w1, b1, w2, d):
    """d shards (w1_k, b1_k, w2_k) whose partial outputs sum to the unsplit pair's output."""
    w1, b1, w2 = _np.asarray(w1), _np.asarray(b1), _np.asarray(w2)
    h = w1.shape[1]
    if d < 1 or h % d:
        raise ValueError(f"d={d} must divide h={h}")
    return [(w1[:, k::d].copy(), b1[k::d].copy(), w2[k::d, :].copy()) for k in range(d)]
