# INTENT: right: carries per-query log-sum-exp and normalised output; merges each block with np.logaddexp weights (stable for 1e30 scores).
import numpy as np
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    lse = out = None
    for kb, vb in kv_blocks:
        s = (q.astype(np.float64) @ kb.astype(np.float64).T) * scale
        mb = s.max(axis=1, keepdims=True)
        w = np.exp(s - mb)
        sw = w.sum(axis=1, keepdims=True)
        ob = (w @ vb.astype(np.float64)) / sw
        lb = mb + np.log(sw)
        if lse is None:
            lse, out = lb, ob
        else:
            new = np.logaddexp(lse, lb)
            out = np.exp(lse - new) * out + np.exp(lb - new) * ob
            lse = new
    return out
