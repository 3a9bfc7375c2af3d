def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1)
        if m is None:
            m_new = bm
            p = np.exp(s - m_new[:, None])
            l = p.sum(axis=1)
            acc = p @ v_block
        else:
            m_new = np.maximum(m, bm)
            alpha = np.exp(m - m_new)
            p = np.exp(s - m_new[:, None])
            l = l * alpha + p.sum(axis=1)
            acc = acc * alpha[:, None] + p @ v_block
        m = m_new
        del s, p
    return acc / l[:, None]
