# INTENT: correct - carries per query the log-sum-exp of the scores and the normalised output so far; merges each block with logaddexp weights (public check: passed)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    lse, out = None, None
    for k_block, v_block in kv_blocks:
        s = q @ np.asarray(k_block, np.float64).T / np.sqrt(q.shape[-1])
        m = s.max(axis=1, keepdims=True)
        blk_lse = m + np.log(np.exp(s - m).sum(axis=1, keepdims=True))
        blk_out = np.exp(s - blk_lse) @ np.asarray(v_block, np.float64)
        if lse is None:
            lse, out = blk_lse, blk_out
        else:
            new = np.logaddexp(lse, blk_lse)
            out = np.exp(lse - new) * out + np.exp(blk_lse - new) * blk_out
            lse = new
    return out
