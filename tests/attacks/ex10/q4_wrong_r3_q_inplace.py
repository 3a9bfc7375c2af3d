# INTENT: scales q in place (q *= scale) once: the caller's queries change
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q *= 1.0 / np.sqrt(q.shape[-1])
    m, s, acc = None, None, None
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T
        bm = scores.max(axis=1, keepdims=True)
        m_new = bm if m is None else np.maximum(m, bm)
        p = np.exp(scores - m_new)
        if m is None:
            s, acc = p.sum(axis=1, keepdims=True), p @ v_block
        else:
            c = np.exp(m - m_new)
            s, acc = s * c + p.sum(axis=1, keepdims=True), acc * c + p @ v_block
        m = m_new
    return acc / s
