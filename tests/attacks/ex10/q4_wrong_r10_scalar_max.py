# INTENT: one running maximum for all queries (a scalar) instead of one per query: a query whose scores lie far below another query's underflows to 0/0
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m, l, acc = -np.inf, None, None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = max(m, float(s.max()))
        p = np.exp(s - m_new)
        a = np.exp(m - m_new)
        l = p.sum(axis=1) if l is None else l * a + p.sum(axis=1)
        acc = p @ v_block if acc is None else acc * a + p @ v_block
        m = m_new
    return acc / l[:, None]
