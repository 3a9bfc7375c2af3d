# INTENT: wrong: keeps the previous block's keys (a copy) while it works in the next one, "to reuse its norm for stability", breaking "keeps no earlier block, nor a copy of one".
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = float(1.0 / np.sqrt(q.shape[-1]))
    m = l = o = None
    prev_k = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        bm = s.max(axis=1)
        if prev_k is not None:                               # an upper bound from the last block, unused below
            bm = np.maximum(bm, -np.inf * np.ones(1)) if prev_k.size else bm
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, o = l * a + p.sum(axis=1), o * a[:, None] + p @ v_block
        m = m_new
        prev_k = np.array(k_block)                           # a copy, kept into the next block
    return o / l[:, None]
