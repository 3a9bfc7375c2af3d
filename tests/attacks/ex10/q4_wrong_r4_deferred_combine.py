# INTENT: the colleague's structure kept: one partial result, max and sum PER BLOCK in lists, combined at the end: what it carries grows with the number of blocks (not a fixed set of values per query)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    outs, maxes, sums = [], [], []
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m = s.max(axis=1, keepdims=True)
        p = np.exp(s - m)
        outs.append(p @ v_block)
        maxes.append(m)
        sums.append(p.sum(axis=1, keepdims=True))
    top = np.max(np.stack(maxes), axis=0)
    num = sum(o * np.exp(m - top) for o, m in zip(outs, maxes))
    den = sum(z * np.exp(m - top) for z, m in zip(sums, maxes))
    return num / den
