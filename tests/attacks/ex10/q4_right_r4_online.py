def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = np.full((q.shape[0], 1), -np.inf)
    denom = np.zeros((q.shape[0], 1))
    acc = None
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        new_max = np.maximum(run_max, scores.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        w = np.exp(scores - new_max)
        contrib = w @ v_block
        acc = contrib if acc is None else acc * shrink + contrib
        denom = denom * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / denom
