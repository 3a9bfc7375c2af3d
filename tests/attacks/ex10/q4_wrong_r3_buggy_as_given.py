# INTENT: the colleague's mean of the per-block softmaxes
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    partial = []
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        weights /= weights.sum(axis=1, keepdims=True)
        partial.append(weights @ v_block)
    return np.mean(partial, axis=0)
