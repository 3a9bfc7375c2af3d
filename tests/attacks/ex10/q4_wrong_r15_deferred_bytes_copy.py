# INTENT: wrong: software-pipelined: a block's values are only multiplied in when the NEXT block arrives, from a bytes copy of the previous v_block (a copy of an earlier block kept and read after the next arrived)
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
            acc = (0 if acc is None else acc) + w @ np.frombuffer(vb, dtype=dt).reshape(shape)
            acc = acc * a[:, None]
            l = l * a
        p = np.exp(s - m_new[:, None])
        l = p.sum(axis=1) if l is None else l + p.sum(axis=1)
        pending = (p, v_block.tobytes(), v_block.shape, v_block.dtype)
        m = m_new
        del s
    w, vb, shape, dt = pending
    acc = (0 if acc is None else acc) + w @ np.frombuffer(vb, dtype=dt).reshape(shape)
    return acc / l[:, None]
