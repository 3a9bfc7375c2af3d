# INTENT: wrong: places counted in an int8 array: past 127 tokens of one expert the counter wraps to -128 and later tokens beyond the capacity are kept (capacity >= 128)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    y = np.array(x, copy=True)
    fc = np.asarray(first_choice)
    g = np.asarray(gates).astype(x.dtype)
    seen = np.zeros(len(experts), dtype=np.int8)
    keep = np.zeros(len(fc), dtype=bool)
    for t, e in enumerate(fc):
        if seen[e] < capacity:
            keep[t] = True
            seen[e] += 1
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(keep & (fc == e))
        if len(idx) == 0:
            continue
        out = np.asarray(expert(x[idx]))
        y[idx] = x[idx] + g[idx, None] * out.astype(x.dtype)
    return y
