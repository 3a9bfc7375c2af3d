# INTENT: carries m, l, o in float32 (a GPU habit): loses precision; with scores in the hundreds of thousands the float32 max and exp(s - m) are off
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = np.float32(1.0 / np.sqrt(q.shape[-1]))
    q32 = q.astype(np.float32)
    m = l = o = None
    for k_block, v_block in kv_blocks:
        s = (q32 @ k_block.astype(np.float32).T) * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block.astype(np.float32)
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block.astype(np.float32)
        m = m_new
    return (o / l[:, None]).astype(q.dtype)
