# INTENT: wrong: software-pipelined: the previous block's values kept as a tuple of Python floats (a copy) and multiplied in only when the next block arrives
def blockwise_attention(q, kv_blocks):
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    pending = None                       # (weights, v bytes, v shape, v dtype) of the previous block
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        a = None if m is None else np.exp(m - m_new)
        if pending is not None:
            w, vb, shape, dt = pending
            acc = (0 if acc is None else acc) + w @ np.array(vb, dtype=dt).reshape(shape)
            acc = acc * a[:, None]
            l = l * a
        p = np.exp(s - m_new[:, None])
        l = p.sum(axis=1) if l is None else l + p.sum(axis=1)
        pending = (p, tuple(v_block.ravel().tolist()), v_block.shape, v_block.dtype)
        m = m_new
        del s
    w, vb, shape, dt = pending
    acc = (0 if acc is None else acc) + w @ np.array(vb, dtype=dt).reshape(shape)
    return acc / l[:, None]
