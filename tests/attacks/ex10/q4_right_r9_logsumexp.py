def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    d = q.shape[-1]
    lse = np.full(q.shape[0], -np.inf)
    out = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T / np.sqrt(d)
        b_lse = np.logaddexp.reduce(s, axis=1)
        b_out = np.exp(s - b_lse[:, None]) @ v_block
        new = np.logaddexp(lse, b_lse)
        w_old, w_new = np.exp(lse - new), np.exp(b_lse - new)
        out = b_out * w_new[:, None] if out is None else out * w_old[:, None] + b_out * w_new[:, None]
        lse = new
    return out
