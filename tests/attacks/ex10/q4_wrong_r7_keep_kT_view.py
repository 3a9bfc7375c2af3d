# INTENT: keeps the transposed key block of the last step (k_block.T, a view) to reuse its shape: holds an earlier block via a view
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    kts = None
    for k_block, v_block in kv_blocks:
        kt_prev, kts = kts, k_block.T
        s = q @ kts * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            c = np.exp(m - m_new)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + p @ v_block
        m = m_new
        del k_block, v_block
    return acc / l[:, None]
