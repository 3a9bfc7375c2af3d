# INTENT: right: online softmax with running max m, denominator l and numerator acc (rescaled by exp(m_old-m_new), -inf start handled); exact float64.
import numpy as np
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = (q @ np.asarray(k_block, dtype=np.float64).T) * scale
        bm = s.max(axis=1)
        new_m = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - new_m[:, None])
        pv = p @ np.asarray(v_block, dtype=np.float64)
        if m is None:
            l, acc = p.sum(axis=1), pv
        else:
            c = np.exp(m - new_m)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + pv
        m = new_m
        del s, p, pv
    return acc / l[:, None]
