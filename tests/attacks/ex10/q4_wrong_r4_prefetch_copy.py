# INTENT: prefetches: asks for the next block before working in the current one (double buffering), the current one copied first
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    it = iter(kv_blocks)
    run_max = np.full((q.shape[0], 1), -np.inf)
    den = np.zeros((q.shape[0], 1))
    acc = 0.0
    cur = next(it)
    cur = (cur[0].copy(), cur[1].copy())
    while cur is not None:
        nxt = next(it, None)
        if nxt is not None:
            nxt = (nxt[0].copy(), nxt[1].copy())
        k_block, v_block = cur
        s = q @ k_block.T * scale
        new_max = np.maximum(run_max, s.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        w = np.exp(s - new_max)
        acc = acc * shrink + w @ v_block
        den = den * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
        cur = nxt
    return acc / den
