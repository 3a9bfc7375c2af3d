# INTENT: scores computed in float32 (q and k cast down for a faster matmul), the running state in float64: scores in the hundreds of thousands lose ~0.01 each
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    q32 = q.astype(np.float32)
    m = l = o = None
    for k_block, v_block in kv_blocks:
        s = (q32 @ k_block.astype(np.float32).T).astype(np.float64) * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
    return o / l[:, None]
