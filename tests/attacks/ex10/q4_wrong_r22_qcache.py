# INTENT: wrong: result cached by id(q) and q.shape; a second call with the same q object (or a reused id) but other blocks returns the old result.
import numpy as np
_memo = {}
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    key = (id(q), q.shape)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for kb, vb in kv_blocks:
        if key in _memo:
            continue
        s = (q @ kb.T) * scale
        new_m = s.max(1) if m is None else np.maximum(m, s.max(1))
        p = np.exp(s - new_m[:, None])
        c = 0.0 if m is None else np.exp(m - new_m)
        l = p.sum(1) if m is None else l * c + p.sum(1)
        acc = p @ vb if m is None else acc * c[:, None] + p @ vb
        m = new_m
    if key not in _memo:
        _memo[key] = acc / l[:, None]
    return _memo[key].copy()
