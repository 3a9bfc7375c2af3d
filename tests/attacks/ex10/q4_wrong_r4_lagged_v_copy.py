# INTENT: scores at once, but the weighted sum of the values postponed: keeps a copy of the previous value block and works it in after the next arrives
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = np.full((q.shape[0], 1), -np.inf)
    den = np.zeros((q.shape[0], 1))
    acc = 0.0
    pending = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        new_max = np.maximum(run_max, s.max(axis=1, keepdims=True))
        shrink = np.exp(run_max - new_max)
        if pending is not None:
            pw, pv = pending
            acc = acc + pw @ pv
        acc = acc * shrink
        w = np.exp(s - new_max)
        den = den * shrink + w.sum(axis=1, keepdims=True)
        pending = (w, np.array(v_block))
        run_max = new_max
    pw, pv = pending
    return (acc + pw @ pv) / den
