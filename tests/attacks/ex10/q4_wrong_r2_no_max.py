# INTENT: numerically fragile - online softmax without subtracting a running max: exp of scores in the thousands overflows (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        w = np.exp(q @ k_block.T * scale)
        num = num + w @ v_block
        den = den + w.sum(axis=1, keepdims=True)
    return num / den
