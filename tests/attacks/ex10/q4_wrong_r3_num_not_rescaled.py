# INTENT: the denominator is rescaled at a new maximum, the numerator is not
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    s = np.zeros((q.shape[0], 1))
    acc = 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        p = np.exp(scores - m_new)
        s = s * np.exp(m - m_new) + p.sum(axis=1, keepdims=True)
        acc = acc + p @ v_block
        m = m_new
    return acc / s
