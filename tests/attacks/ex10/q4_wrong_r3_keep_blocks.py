# INTENT: collects every block, then does full attention (keeps all the blocks)
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    ks, vs = [], []
    for k_block, v_block in kv_blocks:
        ks.append(k_block)
        vs.append(v_block)
    k, v = np.concatenate(ks), np.concatenate(vs)
    scores = q @ k.T / np.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ v
