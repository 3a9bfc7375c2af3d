# INTENT: pipelined without a copy: keeps a reference to the previous block and works it in after asking for the next
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    st = {'max': np.full((q.shape[0], 1), -np.inf), 'den': np.zeros((q.shape[0], 1)), 'acc': 0.0}
    def work(k_block, v_block):
        scores = q @ k_block.T * scale
        new_max = np.maximum(st['max'], scores.max(axis=1, keepdims=True))
        shrink = np.exp(st['max'] - new_max)
        w = np.exp(scores - new_max)
        st['acc'] = st['acc'] * shrink + w @ v_block
        st['den'] = st['den'] * shrink + w.sum(axis=1, keepdims=True)
        st['max'] = new_max
    pending = None
    for k_block, v_block in kv_blocks:
        if pending is not None:
            work(*pending)
        pending = (k_block, v_block)
    work(*pending)
    return st['acc'] / st['den']
