# INTENT: wrong - weights each block's own softmax result by its share of the keys (b / Lk), not by its share of the softmax mass (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    total, count = 0.0, 0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        w = np.exp(s - s.max(axis=1, keepdims=True))
        w /= w.sum(axis=1, keepdims=True)
        total = total + len(k_block) * (w @ v_block)
        count += len(k_block)
    return total / count
