# INTENT: adds the blocks' results instead of averaging
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    out = 0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        weights /= weights.sum(axis=1, keepdims=True)
        out = out + weights @ v_block
    return out
