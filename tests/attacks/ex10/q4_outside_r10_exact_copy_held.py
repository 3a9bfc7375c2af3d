# INTENT: copies each block on arrival (k = k_block.copy(), "so the ring can reuse its buffer") and computes from the copies: the copies of the previous block are still held when the next arrives
# RULED outside (issue 38, round 10; filed wrong): a copy of the block just worked in, replaced by the next block's copy before that block is worked in, is the loop variable's own hold (round 5's astype_copy, np_array_copy); the prompt now says so
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        k, v = k_block.copy(), v_block.copy()
        s = q @ k.T * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + p.sum(axis=1), acc * a[:, None] + p @ v
        m = m_new
    return acc / l[:, None]
