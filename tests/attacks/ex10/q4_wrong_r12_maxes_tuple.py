# INTENT: online softmax, but also keeps a tuple of every block's per-query maxima "for debugging": carried state grows block by block
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    maxima = ()
    l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        maxima += (s.max(axis=1),)
        m_new = np.max(np.stack(maxima), axis=0)
        w = np.exp(s - m_new[:, None])
        if acc is None:
            l, acc = w.sum(axis=1), w @ v_block
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + w.sum(axis=1), acc * a[:, None] + w @ v_block
        m = m_new
    return acc / l[:, None]
