# INTENT: the running max starts from the previous call's final max (kept in a default argument, "warm start"): state between calls; underflows when a later call's scores are far lower
def blockwise_attention(q, kv_blocks, _warm={}):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = _warm.get(q.shape[0], np.full(q.shape[0], -np.inf)).copy()
    l = None
    o = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        m_new = np.maximum(m, s.max(axis=1))
        a = np.exp(m - m_new)
        p = np.exp(s - m_new[:, None])
        l = p.sum(axis=1) if l is None else l * a + p.sum(axis=1)
        o = p @ v_block if o is None else o * a[:, None] + p @ v_block
        m = m_new
    _warm[q.shape[0]] = m
    return o / l[:, None]
