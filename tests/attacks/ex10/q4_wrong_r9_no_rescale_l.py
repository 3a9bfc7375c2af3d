# INTENT: rescales the output accumulator when the max grows but forgets to rescale the denominator l (classic slip): nearly right when the max seldom changes
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = o = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
    return o / l[:, None]
