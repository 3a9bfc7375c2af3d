# INTENT: online softmax, but records each block's row-max in a list to rescale at the end (a list that grows with the blocks)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    maxes = []
    l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        bm = s.max(axis=1)
        m_old = max(maxes, key=lambda a: 0) if False else (np.max(np.stack(maxes), axis=0) if maxes else None)
        maxes.append(bm)
        m_new = bm if m_old is None else np.maximum(m_old, bm)
        p = np.exp(s - m_new[:, None])
        if m_old is None:
            l, acc = p.sum(axis=1), p @ v_block
        else:
            c = np.exp(m_old - m_new)
            l = l * c + p.sum(axis=1)
            acc = acc * c[:, None] + p @ v_block
    return acc / l[:, None]
