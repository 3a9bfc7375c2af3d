def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    lse = None
    out = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        m = s.max(axis=1, keepdims=True)
        p = np.exp(s - m)
        block_lse = m + np.log(p.sum(axis=1, keepdims=True))
        block_out = (p @ v_block) / p.sum(axis=1, keepdims=True)
        if out is None:
            lse, out = block_lse, block_out
        else:
            new_lse = np.logaddexp(lse, block_lse)
            out = out * np.exp(lse - new_lse) + block_out * np.exp(block_lse - new_lse)
            lse = new_lse
    return out
