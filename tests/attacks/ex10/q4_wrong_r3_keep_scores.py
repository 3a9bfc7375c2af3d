# INTENT: carries every block's scores and values (per key, not per query) to one softmax at the end
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    scores, values = [], []
    for k_block, v_block in kv_blocks:
        scores.append(q @ k_block.T * scale)
        values.append(v_block + 0.0)
    s = np.concatenate(scores, axis=1)
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ np.concatenate(values)
