# INTENT: double buffering: asks for the next block before working the current one in (overlap communication and compute), so two blocks are held at once
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    it = iter(kv_blocks)
    current = next(it, None)
    m = l = o = None
    while current is not None:
        upcoming = next(it, None)
        k_block, v_block = current
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
        current = upcoming
    return o / l[:, None]
