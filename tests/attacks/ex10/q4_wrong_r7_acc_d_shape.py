# INTENT: preallocates the accumulator as Lq x d (q's width), assuming dv == d
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full(len(q), -np.inf)
    l = np.zeros(len(q))
    acc = np.zeros_like(q, dtype=np.float64)
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        c = np.exp(m - m_new)
        l = l * c + p.sum(axis=1)
        acc = acc * c[:, None] + p @ v_block
        m = m_new
    return acc / l[:, None]
