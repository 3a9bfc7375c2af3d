# INTENT: keeps copies of the last 16 blocks (a cache 'for the backward'): copies of blocks kept
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    from collections import deque
    cache = deque(maxlen=16)
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = np.full((q.shape[0], 1), -np.inf)
    den = np.zeros((q.shape[0], 1))
    acc = 0.0
    for k_block, v_block in kv_blocks:
        cache.append((k_block.copy(), v_block.copy()))
        s = q @ k_block.T * scale
        new_max = np.maximum(run_max, s.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        w = np.exp(s - new_max)
        acc = acc * shrink + w @ v_block
        den = den * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / den
