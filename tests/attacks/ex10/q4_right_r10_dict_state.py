def blockwise_attention(q, kv_blocks):
    """softmax(q k^T / sqrt(d)) v over keys and values that arrive one block at a time."""
    qs = q / np.sqrt(q.shape[1])
    state = {"max": np.full(q.shape[0], -np.inf), "lse_out": None, "denom": np.zeros(q.shape[0])}
    for k_block, v_block in kv_blocks:
        scores = qs @ k_block.T
        new_max = np.maximum(state["max"], scores.max(axis=1))
        correction = np.exp(state["max"] - new_max)
        w = np.exp(scores - new_max[:, None])
        contrib = w @ v_block
        if state["lse_out"] is None:
            state["lse_out"] = contrib
        else:
            state["lse_out"] = state["lse_out"] * correction[:, None] + contrib
        state["denom"] = state["denom"] * correction + w.sum(axis=1)
        state["max"] = new_max
    return state["lse_out"] / state["denom"][:, None]
