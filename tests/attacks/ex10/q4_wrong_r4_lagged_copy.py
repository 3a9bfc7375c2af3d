# INTENT: pipelined: keeps a COPY of the previous block and works it in after the next one arrives (overlap compute/communication); keeps a copy of a block, works it in late
def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    scale = 1.0 / np.sqrt(q.shape[-1])
    state = {'max': np.full((q.shape[0], 1), -np.inf), 'den': np.zeros((q.shape[0], 1)), 'acc': 0.0}
    def work(k_block, v_block):
        scores = q @ k_block.T * scale
        new_max = np.maximum(state['max'], scores.max(axis=1, keepdims=True))
        shrink = np.exp(state['max'] - new_max)
        w = np.exp(scores - new_max)
        state['acc'] = state['acc'] * shrink + w @ v_block
        state['den'] = state['den'] * shrink + w.sum(axis=1, keepdims=True)
        state['max'] = new_max
    pending = None
    for k_block, v_block in kv_blocks:
        if pending is not None:
            work(*pending)
        pending = (k_block.copy(), v_block.copy())
    work(*pending)
    return state['acc'] / state['den']
