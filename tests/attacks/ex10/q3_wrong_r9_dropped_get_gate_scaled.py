# INTENT: a dropped token's row is scaled by (1 - gate) as if the residual were gated too; kept rows right
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    kept = np.zeros(len(fc), bool)
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        kept[idx] = True
        if len(idx):
            y[idx] = x[idx] + (g[idx, None] * expert(x[idx])).astype(x.dtype)
    drop = ~kept
    y[drop] = (x[drop] * (1 - g[drop, None]) + x[drop] * g[drop, None]).astype(x.dtype)
    return y
