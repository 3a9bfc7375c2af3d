# INTENT: adds the blocks' separately normalised results instead of averaging them (still ignores how much softmax mass each block has). (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    total = 0.0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        w = np.exp(scores - scores.max(axis=1, keepdims=True))
        total = total + (w / w.sum(axis=1, keepdims=True)) @ v_block
    return total
