# INTENT: online softmax: per query a running max, a running denominator and a running numerator, both rescaled by exp(old_max - new_max) when a block raises the max; divide at the end.
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    q = np.asarray(q, dtype=np.float64)
    scale = 1.0 / np.sqrt(q.shape[-1])
    run_max = run_sum = acc = None
    for k_block, v_block in kv_blocks:
        scores = q @ np.asarray(k_block, dtype=np.float64).T * scale          # Lq x b
        new_max = scores.max(axis=1, keepdims=True)
        if run_max is not None:
            new_max = np.maximum(new_max, run_max)
        p = np.exp(scores - new_max)
        block_out = p @ np.asarray(v_block, dtype=np.float64)
        if run_max is None:
            run_sum, acc = p.sum(axis=1, keepdims=True), block_out
        else:
            corr = np.exp(run_max - new_max)
            run_sum = run_sum * corr + p.sum(axis=1, keepdims=True)
            acc = acc * corr + block_out
        run_max = new_max
    return acc / run_sum
