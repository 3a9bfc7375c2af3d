# INTENT: subtracts the first block's max, clipping exponents at 700 to "stay finite": wrong weights when a later block is far larger
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    ref = l = acc = None
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        if ref is None:
            ref = s.max(axis=1, keepdims=True)
        p = np.exp(np.clip(s - ref, -745, 700))
        l = p.sum(axis=1) if l is None else l + p.sum(axis=1)
        acc = p @ v_block if acc is None else acc + p @ v_block
    return acc / l[:, None]
