# INTENT: keeps the per-block maxima and sums in a preallocated numpy object buffer indexed by block number (not a list), rescaling everything at the end: carries per-block values, grows with the blocks
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    store = np.empty(4096, dtype=object)
    n = 0
    for k_block, v_block in kv_blocks:
        s = q @ k_block.T * scale
        mx = s.max(axis=1, keepdims=True)
        e = np.exp(s - mx)
        store[n] = (mx, e.sum(axis=1, keepdims=True), e @ v_block)
        n += 1
    top = np.max(np.concatenate([store[i][0] for i in range(n)], axis=1), axis=1, keepdims=True)
    num = sum(store[i][2] * np.exp(store[i][0] - top) for i in range(n))
    den = sum(store[i][1] * np.exp(store[i][0] - top) for i in range(n))
    return num / den
