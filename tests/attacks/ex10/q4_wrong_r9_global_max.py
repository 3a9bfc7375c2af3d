# INTENT: one running max over all queries (a scalar) instead of one per query: underflows to 0/0 for a query whose scores are far below another's
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = -np.inf
    l = o = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        m_new = max(m, float(s.max()))
        p = np.exp(s - m_new)
        if l is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a + p @ v_block
        m = m_new
    return o / l[:, None]
