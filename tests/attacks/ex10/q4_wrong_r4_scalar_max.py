# INTENT: one running max over ALL queries (scores.max() without axis): exact maths, but a query whose scores sit thousands below another's underflows to 0/0
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = -np.inf
    acc = 0.0
    denom = 0.0
    for k_block, v_block in kv_blocks:
        scores = q @ k_block.T * scale
        new_max = max(run_max, float(scores.max()))
        shrink = np.exp(run_max - new_max)
        w = np.exp(scores - new_max)
        acc = acc * shrink + w @ v_block
        denom = denom * shrink + w.sum(axis=1, keepdims=True)
        run_max = new_max
    return acc / denom
