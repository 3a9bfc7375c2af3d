# INTENT: wrong: result cached between calls keyed by q and the FIRST block (peeked): same q and first block with other later blocks returns the stale result
def blockwise_attention(q, kv_blocks, _memo={}):
    scale = 1.0 / np.sqrt(q.shape[-1])
    it = iter(kv_blocks)
    k0, v0 = next(it)
    key = (q.tobytes(), q.shape, k0.tobytes(), v0.tobytes(), v0.shape)
    if key in _memo:
        for _ in it:
            pass
        return _memo[key].copy()
    s = (q @ k0.T) * scale
    m = s.max(axis=1)
    p = np.exp(s - m[:, None])
    l, acc = p.sum(axis=1), p @ v0
    del s, p
    for k_block, v_block in it:
        s = (q @ k_block.T) * scale
        m_new = np.maximum(m, s.max(axis=1))
        a = np.exp(m - m_new)
        p = np.exp(s - m_new[:, None])
        l, acc, m = l * a + p.sum(axis=1), acc * a[:, None] + p @ v_block, m_new
        del s, p
    out = acc / l[:, None]
    _memo[key] = out.copy()
    return out
