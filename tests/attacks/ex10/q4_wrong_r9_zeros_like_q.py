# INTENT: accumulator o = np.zeros_like(q) (Lq x d) and m starts at a finite -1e9 : works only when dv == d; also q's dtype
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full(q.shape[0], -np.inf)
    l = np.zeros(q.shape[0])
    o = np.zeros_like(q)
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        m_new = np.maximum(m, s.max(axis=1))
        a = np.exp(m - m_new)
        p = np.exp(s - m_new[:, None])
        l = l * a + p.sum(axis=1)
        o = o * a[:, None] + p @ v_block
        m = m_new
    return o / l[:, None]
