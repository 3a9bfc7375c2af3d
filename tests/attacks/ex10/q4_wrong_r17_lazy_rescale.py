# INTENT: wrong: lazy rescaling (keep the old max unless a block beats it by > 708): exp up to e^708 per key, so a block with several keys 705-709 above overflows (not finite "for any scores")
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    mx = None
    for k_block, v_block in kv_blocks:
        s = (q @ k_block.T) * scale
        bm = s.max(axis=1, keepdims=True)
        if mx is None:
            mx = bm
            p = np.exp(s - mx)
            den = p.sum(axis=1, keepdims=True)
            num = p @ v_block
            continue
        new = np.where(bm > mx + 708.0, bm, mx)
        c = np.exp(mx - new)
        p = np.exp(s - new)
        den = den * c + p.sum(axis=1, keepdims=True)
        num = num * c + p @ v_block
        mx = new
    return num / den
