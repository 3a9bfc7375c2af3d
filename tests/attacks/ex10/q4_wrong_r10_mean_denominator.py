# INTENT: per-block denominator as the MEAN of the exponentials (colleague's np.mean habit) instead of their sum: the block size cancels when all blocks are equal, wrong for uneven blocks
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        alpha = 0.0 if m is None else np.exp(m - m_new)
        l = p.mean(axis=1) if m is None else l * alpha + p.mean(axis=1)
        acc = (p @ v_block) / p.shape[1] if m is None else acc * alpha[:, None] + (p @ v_block) / p.shape[1]
        m = m_new
    return acc / l[:, None]
