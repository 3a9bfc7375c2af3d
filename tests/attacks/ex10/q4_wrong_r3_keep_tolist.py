# INTENT: keeps every block as Python lists (k_block.tolist()), full attention at the end
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    ks, vs = [], []
    for k_block, v_block in kv_blocks:
        ks += k_block.tolist()
        vs += v_block.tolist()
    k, v = np.array(ks), np.array(vs)
    scores = q @ k.T / np.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ v
