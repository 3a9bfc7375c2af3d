# INTENT: running max starts at 0 instead of -inf: for scores all far below 0 (thousands negative) every exp underflows to 0 and the result is 0/0
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.zeros((q.shape[0], 1))
    s = np.zeros((q.shape[0], 1))
    acc = 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        corr = np.exp(m - m_new)
        p = np.exp(scores - m_new)
        s = s * corr + p.sum(axis=1, keepdims=True)
        acc = acc * corr + p @ v_block
        m = m_new
    return acc / s
