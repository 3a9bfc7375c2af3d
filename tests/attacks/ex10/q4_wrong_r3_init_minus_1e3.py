# INTENT: running max starts at -1000 instead of -inf: scores all below about -1700 underflow to 0/0
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -1000.0)
    s = np.zeros((q.shape[0], 1))
    acc = 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        c = np.exp(m - m_new)
        p = np.exp(scores - m_new)
        s = s * c + p.sum(axis=1, keepdims=True)
        acc = acc * c + p @ v_block
        m = m_new
    return acc / s
