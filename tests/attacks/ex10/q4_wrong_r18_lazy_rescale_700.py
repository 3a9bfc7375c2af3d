# INTENT: wrong: "lazy rescale" (only when a block's max passes the running one by more than 700): many keys 650 above overflow exp sums to inf
def blockwise_attention(q, kv_blocks):
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = l = acc = None
    for k_block, v_block in kv_blocks:
        v = np.asarray(v_block, dtype=np.float64)
        s = (q @ np.asarray(k_block, dtype=np.float64).T) * scale
        bm = s.max(axis=1)
        if m is None:
            m = bm
            p = np.exp(s - m[:, None])
            l, acc = p.sum(axis=1), p @ v
            continue
        m_new = np.where(bm > m + 700.0, bm, m)
        alpha = np.exp(m - m_new)
        p = np.exp(s - m_new[:, None])
        l = l * alpha + p.sum(axis=1)
        acc = acc * alpha[:, None] + p @ v
        m = m_new
    return acc / l[:, None]
