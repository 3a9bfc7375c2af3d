# INTENT: wrong: the first choices are narrowed to uint8 (to save memory): with more than 256 experts an index wraps (expert 300 -> 44), so that token goes to the wrong expert and expert 300 gets none
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = np.array(x, copy=True)
    fc = np.asarray(first_choice).astype(np.uint8)
    g = np.asarray(gates).astype(x.dtype)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx) == 0:
            continue
        out = np.asarray(expert(x[idx]))
        y[idx] = x[idx] + g[idx, None] * out.astype(x.dtype)
    return y
