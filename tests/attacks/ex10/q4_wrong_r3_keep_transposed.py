# INTENT: keeps every block's transposed keys (k_block.T, a view) and values via np.ascontiguousarray: holds all the keys
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    kts, vs = [], []
    for k_block, v_block in kv_blocks:
        kts.append(np.ascontiguousarray(k_block.T))
        vs.append(v_block * 1)
    s = q @ np.concatenate(kts, axis=1) / np.sqrt(q.shape[-1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ np.concatenate(vs)
