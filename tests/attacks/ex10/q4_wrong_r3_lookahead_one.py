# INTENT: processes each block one step late (keeps the previous block while the next arrives)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    state = [np.full((q.shape[0], 1), -np.inf), np.zeros((q.shape[0], 1)), 0]
    def fold(k_block, v_block):
        m, s, acc = state
        scores = q @ k_block.T * scale
        m_new = np.maximum(m, scores.max(axis=1, keepdims=True))
        c = np.exp(m - m_new)
        p = np.exp(scores - m_new)
        state[:] = [m_new, s * c + p.sum(axis=1, keepdims=True), acc * c + p @ v_block]
    prev = None
    for block in kv_blocks:
        if prev is not None:
            fold(*prev)
        prev = block
    fold(*prev)
    return state[2] / state[1]
