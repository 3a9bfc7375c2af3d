def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    out, lse = None, None                       # normalised output so far and log-sum-exp of its scores
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mx = s.max(axis=1, keepdims=True)
        e = np.exp(s - mx)
        se = e.sum(axis=1, keepdims=True)
        o_b = (e @ v_block) / se
        lse_b = mx + np.log(se)
        if out is None:
            out, lse = o_b, lse_b
        else:
            new = np.logaddexp(lse, lse_b)
            out = out * np.exp(lse - new) + o_b * np.exp(lse_b - new)
            lse = new
    return out
