# INTENT: wrong: keeps every block's (lse, output) in a numpy array grown with np.concatenate block by block and combines them at the end, so what it carries grows with the number of blocks.
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = float(1.0 / np.sqrt(q.shape[-1]))
    lses = outs = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mb = s.max(axis=1, keepdims=True)
        w = np.exp(s - mb)
        den = w.sum(axis=1, keepdims=True)
        lse_b = (mb + np.log(den))[None]                      # 1 x Lq x 1
        out_b = ((w @ v_block) / den)[None]                   # 1 x Lq x dv
        lses = lse_b if lses is None else np.concatenate([lses, lse_b])
        outs = out_b if outs is None else np.concatenate([outs, out_b])
    top = lses.max(axis=0)
    weights = np.exp(lses - top)
    return (weights * outs).sum(axis=0) / weights.sum(axis=0)
