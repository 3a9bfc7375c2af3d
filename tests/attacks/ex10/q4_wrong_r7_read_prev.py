# INTENT: sanity-checks the previous value block is still finite when the next arrives (reads an earlier block after the next arrived)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    prev_v = None
    for k_block, v_block in kv_blocks:
        if prev_v is not None and not np.isfinite(prev_v).all():
            raise FloatingPointError("bad block")
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
        prev_v = v_block
    return acc / l[:, None]
