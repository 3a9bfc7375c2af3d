# INTENT: wrong: returns a module-level output buffer reused by every call of that shape (state kept between calls: the previous caller's result is overwritten)
_out = {}
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = run_den = acc = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bmax = s.max(axis=1, keepdims=True)
        new_max = bmax if run_max is None else np.maximum(run_max, bmax)
        p = np.exp(s - new_max)
        if run_max is None:
            run_den, acc = p.sum(axis=1, keepdims=True), p @ v_block
        else:
            corr = np.exp(run_max - new_max)
            run_den = run_den * corr + p.sum(axis=1, keepdims=True)
            acc = acc * corr + p @ v_block
        run_max = new_max
    key = (acc.shape, acc.dtype.str)
    if key not in _out:
        _out[key] = np.empty_like(acc)
    return np.divide(acc, run_den, out=_out[key])
