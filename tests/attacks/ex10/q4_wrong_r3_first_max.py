# INTENT: shifts every block by the first block's max (never brought to a new maximum): later larger scores overflow
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    m = None
    num, den = 0, 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        if m is None:
            m = scores.max(axis=1, keepdims=True)
        p = np.exp(scores - m)
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
