# INTENT: collects every block (list of all k/v), concatenates and does full softmax at the end: right numbers but keeps every block, breaking "keeps none of them". (public check: caught)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    blocks = list(kv_blocks)
    k = np.concatenate([kb for kb, _ in blocks])
    v = np.concatenate([vb for _, vb in blocks])
    s = q @ k.T / np.sqrt(q.shape[-1])
    w = np.exp(s - s.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ v
