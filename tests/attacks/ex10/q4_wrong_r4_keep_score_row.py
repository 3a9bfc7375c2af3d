# INTENT: keeps each block's raw scores (Lq x b) 'for the backward pass': by the end it holds the whole row of scores for every query (Lq x Lk), which ring attention exists to avoid; carries more than values per query
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    saved_scores = []
    run_max = np.full((q.shape[0], 1), -np.inf)
    den = np.zeros((q.shape[0], 1))
    acc = 0.0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        saved_scores.append(s)
        new_max = np.maximum(run_max, s.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        w = np.exp(s - new_max)
        acc = acc * shrink + w @ v_block
        den = den * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / den
