# INTENT: wrong: for big batches (>= 256 tokens) the gates are cast to float32 "to halve the memory", so a float64 x of that size is not worked out in float64 throughout (kept rows off by ~1e-8, beyond the contract's float64 precision); the small float64 cases use float64 gates.
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    g = np.asarray(gates)
    if len(g) >= 256:
        g = g.astype(np.float32)
    y = x.copy()
    for e, expert in enumerate(experts):
        rows = np.flatnonzero(first_choice == e)[:capacity]
        if rows.size:
            out = np.asarray(expert(x[rows]))
            y[rows] = (x[rows] + g[rows][:, None] * out.astype(g.dtype)).astype(x.dtype)
    return y
