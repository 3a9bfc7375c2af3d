# INTENT: keeps copies of every block (np.array(k_block)), then full attention at the end: holds all the keys and values
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    ks, vs = [], []
    for k_block, v_block in kv_blocks:
        ks.append(np.array(k_block, copy=True))
        vs.append(np.array(v_block, copy=True))
    k, v = np.concatenate(ks), np.concatenate(vs)
    scores = q @ k.T / np.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (w / w.sum(axis=1, keepdims=True)) @ v
