# INTENT: keeps the previous (k, v) pair in a tuple "to overlap the next matmul" (a double buffer): an earlier block held when the next arrives
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    pending = None
    for pair in kv_blocks:
        k_block, v_block = pair
        s = q @ k_block.T * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            c = np.exp(m - m_new)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + p @ v_block
        m = m_new
        pending = (pair, pending[0] if pending else None)
        del k_block, v_block, pair
    return acc / l[:, None]
