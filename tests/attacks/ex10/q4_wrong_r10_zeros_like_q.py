# INTENT: the accumulator is np.zeros_like(q): assumes the values have the queries' width (dv == d), breaks when dv != d
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full((q.shape[0], 1), -np.inf)
    l = np.zeros((q.shape[0], 1))
    acc = np.zeros_like(q, dtype=np.float64)
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = np.maximum(m, s.max(axis=1, keepdims=True))
        a = np.exp(m - m_new)
        p = np.exp(s - m_new)
        l = l * a + p.sum(axis=1, keepdims=True)
        acc = acc * a
        acc[:, :v_block.shape[1]] += p @ v_block
        m = m_new
    return acc / l
