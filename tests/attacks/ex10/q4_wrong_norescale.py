# INTENT: subtracts each block's own max but never brings earlier sums to the new max: numerator and denominator terms live on different scales. (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        p = np.exp(s - s.max(axis=1, keepdims=True))
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
