def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    state = [None, None, None]                 # running max, running sum, running numerator (always 3 items)
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = s.max(axis=1) if state[0] is None else np.maximum(state[0], s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if state[0] is None:
            state = [m_new, p.sum(axis=1), p @ v_block]
        else:
            c = np.exp(state[0] - m_new)
            state = [m_new, state[1] * c + p.sum(axis=1), state[2] * c[:, None] + p @ v_block]
    return state[2] / state[1][:, None]
