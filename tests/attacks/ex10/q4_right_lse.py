# INTENT: carries a normalised output and its log-sum-exp per query; each block's normalised result is merged with weights from logaddexp (numerically stable for any scores).
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    out, lse = None, None
    for k_block, v_block in kv_blocks:
        s = q @ np.asarray(k_block, dtype=np.float64).T * scale
        m = s.max(axis=1, keepdims=True)
        e = np.exp(s - m)
        block_lse = m + np.log(e.sum(axis=1, keepdims=True))
        block_out = (e / e.sum(axis=1, keepdims=True)) @ np.asarray(v_block, dtype=np.float64)
        if out is None:
            out, lse = block_out, block_lse
        else:
            new_lse = np.logaddexp(lse, block_lse)
            out = np.exp(lse - new_lse) * out + np.exp(block_lse - new_lse) * block_out
            lse = new_lse
    return out
