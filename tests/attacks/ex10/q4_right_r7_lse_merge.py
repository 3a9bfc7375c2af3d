def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    out, lse = None, None
    it = iter(kv_blocks)
    while True:
        try:
            k_block, v_block = next(it)
        except StopIteration:
            break
        s = q @ k_block.T * scale
        bm = s.max(axis=1, keepdims=True)
        w = np.exp(s - bm)
        b_lse = bm[:, 0] + np.log(w.sum(axis=1))
        b_out = (w @ v_block) / w.sum(axis=1, keepdims=True)
        k_block = v_block = s = w = None
        if out is None:
            out, lse = b_out, b_lse
        else:
            new = np.logaddexp(lse, b_lse)
            out = out * np.exp(lse - new)[:, None] + b_out * np.exp(b_lse - new)[:, None]
            lse = new
    return out
