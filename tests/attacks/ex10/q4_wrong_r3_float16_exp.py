# INTENT: runs the exponentials in float16 (as on a GPU kernel) and never rescales back: loses precision
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    s = np.zeros((q.shape[0], 1), np.float16)
    acc = 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        corr = np.exp(m - m_new).astype(np.float16)
        p = np.exp(scores - m_new).astype(np.float16)
        s = s * corr + p.sum(axis=1, keepdims=True)
        acc = acc * corr + (p @ v_block.astype(np.float16))
        m = m_new
    return (acc / s).astype(np.float64)
