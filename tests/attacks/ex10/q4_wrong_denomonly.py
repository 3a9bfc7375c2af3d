# INTENT: rescales the running denominator to the new max but forgets to rescale the running numerator: numerator and denominator disagree whenever a later block raises the max. (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = None
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        new_m = s.max(axis=1, keepdims=True) if m is None else np.maximum(m, s.max(axis=1, keepdims=True))
        if m is not None:
            den = den * np.exp(m - new_m)
        p = np.exp(s - new_m)
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
        m = new_m
    return num / den
