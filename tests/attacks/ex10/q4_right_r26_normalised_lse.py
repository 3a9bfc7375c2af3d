# INTENT: right: carries the normalised output o and the log-sum-exp per query; each block is merged with logaddexp weights, so o stays a proper average (no division at the end).
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    lse = np.full((q.shape[0], 1), -np.inf)
    out = None
    for k_block, v_block in kv_blocks:
        s = (q @ np.asarray(k_block, dtype=np.float64).T) * scale
        b_max = s.max(axis=1, keepdims=True)
        w = np.exp(s - b_max)
        b_sum = w.sum(axis=1, keepdims=True)
        b_out = (w / b_sum) @ np.asarray(v_block, dtype=np.float64)   # this block's own softmax average
        b_lse = b_max + np.log(b_sum)
        new_lse = np.logaddexp(lse, b_lse)
        if out is None:
            out = b_out
        else:
            out = out * np.exp(lse - new_lse) + b_out * np.exp(b_lse - new_lse)
        lse = new_lse
        del s, w, b_out, k_block, v_block
    return out
