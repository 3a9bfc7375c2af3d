# INTENT: right: the colleague's per-block softmax kept with its log-sum-exp, merged into the running result by weights exp(lse - lse_total)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    out, lse = None, None
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        mx = scores.max(axis=1, keepdims=True)
        w = np.exp(scores - mx)
        ssum = w.sum(axis=1, keepdims=True)
        block_out = (w / ssum) @ v_block
        block_lse = mx + np.log(ssum)
        if out is None:
            out, lse = block_out, block_lse
        else:
            new_lse = np.logaddexp(lse, block_lse)
            out = out * np.exp(lse - new_lse) + block_out * np.exp(block_lse - new_lse)
            lse = new_lse
    return out
