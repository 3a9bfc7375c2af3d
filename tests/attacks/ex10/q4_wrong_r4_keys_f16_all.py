# INTENT: keeps a float16 copy of every key block (to recompute the global max at the end): copies of all keys kept, a quarter of their float64 size
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    keys16 = []
    run_max = np.full((q.shape[0], 1), -np.inf)
    den = np.zeros((q.shape[0], 1))
    acc = 0.0
    for k_block, v_block in kv_blocks:
        keys16.append(k_block.astype(np.float16))
        s = q @ k_block.T * scale
        new_max = np.maximum(run_max, s.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        w = np.exp(s - new_max)
        acc = acc * shrink + w @ v_block
        den = den * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / den
