# INTENT: wrong: scales a writeable q in place by 1/sqrt(d) and divides it back at the end -- q is written and, for d not a power of 4, not restored bit for bit.
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    if isinstance(q, np.ndarray) and q.flags.writeable and q.dtype == np.float64:
        q *= scale                                            # no Lq x d copy
        qs, restore = q, True
    else:
        qs, restore = np.asarray(q, dtype=np.float64) * scale, False
    try:
        m = np.full((qs.shape[0], 1), -np.inf)
        l = np.zeros((qs.shape[0], 1))
        acc = 0.0
        for k_block, v_block in kv_blocks:
            s = qs @ np.asarray(k_block, dtype=np.float64).T
            m_new = np.maximum(m, s.max(axis=1, keepdims=True))
            alpha = np.exp(m - m_new)
            p = np.exp(s - m_new)
            acc = acc * alpha + p @ np.asarray(v_block, dtype=np.float64)
            l = l * alpha + p.sum(axis=1, keepdims=True)
            m = m_new
        return acc / l
    finally:
        if restore:
            q /= scale
