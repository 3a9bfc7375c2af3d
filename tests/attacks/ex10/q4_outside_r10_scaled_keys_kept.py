# INTENT: pre-scales each block's keys into a persistent buffer that is reused and enlarged when a bigger block comes (np.resize-like): holds a copy of the previous block's keys when the next arrives and keeps the largest block's size of key storage
# RULED outside (issue 38, round 10; filed wrong): one reused buffer of one block's scaled keys, refilled before the next block is worked in: fixed size, as the loop variable (round 5's astype_copy); the prompt now says so
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    kbuf = np.empty((0, q.shape[1]))
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        if kbuf.shape[0] < len(k_block):
            kbuf = np.empty((len(k_block), q.shape[1]))
        np.multiply(k_block, scale, out=kbuf[:len(k_block)])
        s = q @ kbuf[:len(k_block)].T
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + p.sum(axis=1), acc * a[:, None] + p @ v_block
        m = m_new
    return acc / l[:, None]
