# INTENT: wrong: running max started at -1e6 instead of -inf: a query whose scores are all below -1e6 underflows to 0/0
def blockwise_attention(q, kv_blocks):
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = np.full(q.shape[0], -1e6)
    l = np.zeros(q.shape[0])
    acc = None
    for k_block, v_block in kv_blocks:
        v = np.asarray(v_block, dtype=np.float64)
        s = (q @ np.asarray(k_block, dtype=np.float64).T) * scale
        m_new = np.maximum(m, s.max(axis=1))
        alpha = np.exp(m - m_new)
        p = np.exp(s - m_new[:, None])
        l = l * alpha + p.sum(axis=1)
        acc = p @ v if acc is None else acc * alpha[:, None] + p @ v
        m = m_new
    return acc / l[:, None]
