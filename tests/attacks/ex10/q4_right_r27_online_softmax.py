# INTENT: right: online softmax carrying a running max m, denominator l and numerator o per query; each block rescales what was summed by exp(m_old - m_new); one pass, nothing of earlier blocks kept.
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = float(1.0 / np.sqrt(q.shape[-1]))
    m = l = o = None
    for k_block, v_block in kv_blocks:
        scores = (q @ k_block.T) * scale                      # Lq x b, never the whole row
        block_max = scores.max(axis=1)
        m_new = block_max if m is None else np.maximum(m, block_max)
        p = np.exp(scores - m_new[:, None])                   # <= 1: no overflow
        if m is None:
            l, o = p.sum(axis=1), p @ v_block
        else:
            alpha = np.exp(m - m_new)                         # old sums brought to the new maximum
            l = l * alpha + p.sum(axis=1)
            o = o * alpha[:, None] + p @ v_block
        m = m_new
        del scores, p
    return o / l[:, None]
