# INTENT: makes a contiguous transposed copy of each key block (np.ascontiguousarray(k_block.T)) "for a faster matmul" and a scaled copy of each value block; both copies are still held when the next block arrives (the contract: keeps none of the blocks nor copies of them)
# RULED outside (issue 38, round 10; filed wrong): copies of the block just worked in, replaced before the next is worked in (round 5's astype_copy); the prompt now says so
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        kT = np.ascontiguousarray(k_block.T)
        vv = np.ascontiguousarray(v_block[::-1])[::-1]
        s = (q @ kT) * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ vv
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + p.sum(axis=1), acc * a[:, None] + p @ vv
        m = m_new
    return acc / l[:, None]
