# INTENT: keeps a view of the previous value block (for the "skip a block equal to the last one" dedup a student adds): holds an earlier block
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = o = None
    prev_k = None
    for k_block, v_block in kv_blocks:
        if prev_k is not None and prev_k.shape == k_block.shape and prev_k is k_block:
            continue
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
        prev_k = k_block[:]
    return o / l[:, None]
