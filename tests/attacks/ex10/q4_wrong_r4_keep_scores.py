# INTENT: keeps every block's score rows (Lq x b each, i.e. Lq x Lk in the end) and per-block partials to take one global max at the end: carries the whole score matrix, not values per query
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    all_scores, outs, maxes = [], [], []
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        m = s.max(axis=1, keepdims=True)
        all_scores.append(s)
        outs.append(np.exp(s - m) @ v_block)
        maxes.append(m)
    top = np.concatenate(all_scores, axis=1).max(axis=1, keepdims=True)
    den = np.exp(np.concatenate(all_scores, axis=1) - top).sum(axis=1, keepdims=True)
    num = sum(o * np.exp(m - top) for o, m in zip(outs, maxes))
    return num / den
