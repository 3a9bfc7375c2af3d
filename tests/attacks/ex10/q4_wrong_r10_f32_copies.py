# INTENT: casts each block to float32 copies (k32, v32) "to halve the memory" and works in float32; the copies of the previous block are still alive when the next one arrives, and the sums lose float64 precision
# RULED wrong (stop 64; outside in round 10): float64 blocks may hold values up to 1e300 (the prompt says so now): cast to float32 they are inf
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q32 = q.astype(np.float32)
    scale = np.float32(1.0 / np.sqrt(q.shape[-1]))
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        k32, v32 = k_block.astype(np.float32), v_block.astype(np.float32)
        s = (q32 @ k32.T).astype(np.float64) * scale
        m_new = s.max(axis=1) if m is None else np.maximum(m, s.max(axis=1))
        p = np.exp(s - m_new[:, None])
        if m is None:
            l, acc = p.sum(axis=1), p @ v32
        else:
            a = np.exp(m - m_new)
            l, acc = l * a + p.sum(axis=1), acc * a[:, None] + p @ v32
        m = m_new
    return acc / l[:, None]
