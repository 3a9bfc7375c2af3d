# INTENT: wrong - scales the scores by 1/sqrt(dv) (the values' width) instead of 1/sqrt(d); same when d == dv (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    m = num = den = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T / np.sqrt(v_block.shape[-1])
        bm = s.max(axis=1, keepdims=True)
        if m is None:
            m, num, den = bm, np.zeros((q.shape[0], v_block.shape[-1])), np.zeros((q.shape[0], 1))
        m_new = np.maximum(m, bm)
        c = np.exp(m - m_new)
        w = np.exp(s - m_new)
        num, den, m = num * c + w @ v_block, den * c + w.sum(axis=1, keepdims=True), m_new
    return num / den
