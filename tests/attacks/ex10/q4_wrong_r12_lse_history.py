# INTENT: online softmax that also saves every block's logsumexp (Lq values) in a tuple "for the backward pass", as ring attention's backward needs: the carried state grows block by block
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    saved = ()
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mb = s.max(axis=1)
        m_new = mb if m is None else np.maximum(m, mb)
        w = np.exp(s - m_new[:, None])
        saved = saved + (mb + np.log(np.exp(s - mb[:, None]).sum(axis=1)),)
        if m is None:
            l, acc = w.sum(axis=1), w @ v_block
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + w.sum(axis=1), acc * a[:, None] + w @ v_block
        m = m_new
    return acc / l[:, None]
