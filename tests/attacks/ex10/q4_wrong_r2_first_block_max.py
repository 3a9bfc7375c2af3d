# INTENT: numerically fragile - uses the first block's max as the fixed reference for all blocks (overflows when a later block's scores are thousands larger) (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    ref, num, den = None, 0.0, 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        if ref is None:
            ref = s.max(axis=1, keepdims=True)
        w = np.exp(s - ref)
        num = num + w @ v_block
        den = den + w.sum(axis=1, keepdims=True)
    return num / den
