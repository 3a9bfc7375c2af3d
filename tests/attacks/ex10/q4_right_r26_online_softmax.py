# INTENT: right: online softmax in float64 -- running max m, denominator l and numerator acc per query, rescaled by exp(m_old - m_new) as each block arrives; one division at the end.
import numpy as np

def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    l = np.zeros((q.shape[0], 1))
    acc = None
    for k_block, v_block in kv_blocks:
        s = (q @ np.asarray(k_block, dtype=np.float64).T) * scale
        m_new = np.maximum(m, s.max(axis=1, keepdims=True))
        alpha = np.exp(m - m_new)                             # 0 on the first block (m = -inf)
        p = np.exp(s - m_new)
        pv = p @ np.asarray(v_block, dtype=np.float64)
        acc = pv if acc is None else acc * alpha + pv
        l = l * alpha + p.sum(axis=1, keepdims=True)
        m = m_new
        del s, p, pv, k_block, v_block
    return acc / l
