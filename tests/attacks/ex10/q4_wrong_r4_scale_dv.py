# INTENT: scales by 1/sqrt(dv) (the width of the values) instead of 1/sqrt(d): right only when d == dv
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    run_max = None
    for k_block, v_block in kv_blocks:
        scale = 1.0 / np.sqrt(v_block.shape[-1])
        scores = q @ k_block.T * scale
        bm = scores.max(axis=1, keepdims=True)
        if run_max is None:
            run_max = bm
            w = np.exp(scores - run_max)
            acc, denom = w @ v_block, w.sum(axis=1, keepdims=True)
            continue
        new_max = np.maximum(run_max, bm)
        shrink = np.exp(run_max - new_max)
        w = np.exp(scores - new_max)
        acc = acc * shrink + w @ v_block
        denom = denom * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / denom
