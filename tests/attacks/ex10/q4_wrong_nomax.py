# INTENT: accumulates exp(scores) with no max subtracted: exact for small scores but overflows (inf/nan) for scores in the thousands. (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    num, den = 0.0, 0.0
    for k_block, v_block in kv_blocks:
        p = np.exp(q @ k_block.T * scale)
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
