# INTENT: wrong - keeps a running max but forgets to rescale the accumulated numerator when the max grows (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = np.maximum(m, s.max(axis=1, keepdims=True))
        den = den * np.exp(m - m_new) + np.exp(s - m_new).sum(axis=1, keepdims=True)
        num = num + np.exp(s - m_new) @ v_block
        m = m_new
    return num / den
