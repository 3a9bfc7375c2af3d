# INTENT: keeps each block's (output, log-sum-exp) in a tuple that grows block by block and combines them at the end: per-block results kept, state grows with the number of blocks
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    partial = ()
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mx = s.max(axis=1, keepdims=True)
        e = np.exp(s - mx)
        se = e.sum(axis=1, keepdims=True)
        partial = partial + (((e @ v_block) / se, mx + np.log(se)),)
    top = np.max(np.concatenate([lse for _, lse in partial], axis=1), axis=1, keepdims=True)
    w = [np.exp(lse - top) for _, lse in partial]
    return sum(o * wi for (o, _), wi in zip(partial, w)) / sum(w)
