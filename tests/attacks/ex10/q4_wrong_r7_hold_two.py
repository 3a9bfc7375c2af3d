# INTENT: keeps a two-deep history of key blocks "for the backward pass" (never read): holds an earlier block when the next arrives
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    older = newer = None
    for k_block, v_block in kv_blocks:
        older, newer = newer, k_block
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
    return acc / l[:, None]
