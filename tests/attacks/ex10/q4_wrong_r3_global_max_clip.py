# INTENT: clips the scores at 700 to avoid overflow instead of subtracting a running max: wrong once scores pass 700
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    num, den = 0, 0
    for k_block, v_block in kv_blocks:
        p = np.exp(np.clip(q @ k_block.T * scale, -700, 700))
        num = num + p @ v_block
        den = den + p.sum(axis=1, keepdims=True)
    return num / den
