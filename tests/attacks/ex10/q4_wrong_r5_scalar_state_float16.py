# INTENT: keeps the running numerator and denominator in float16 ("a fixed, small state"): rounded to 3 digits, results off by 1e-3
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        new_m = bm if m is None else np.maximum(m, bm)
        c = 0.0 if m is None else np.exp(m - new_m)
        p = np.exp(s - new_m)
        l = (p.sum(axis=1, keepdims=True) + (0 if m is None else l * c)).astype(np.float16)
        acc = ((p @ v_block) + (0 if m is None else acc * c)).astype(np.float16)
        m = new_m
    return acc.astype(np.float64) / l
