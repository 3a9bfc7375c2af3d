# INTENT: renormalises the gates of each expert's kept tokens to sum to 1 (confuses with top-k gate renormalisation)
def moe_forward(x, first_choice, gates, experts, capacity):
    """One replica's top-1 layer with expert capacity: y of the same shape and dtype as x (see the contract)."""
    fc = np.asarray(first_choice)
    g = np.asarray(gates)
    y = x.copy()
    for e, expert in enumerate(experts):
        idx = np.flatnonzero(fc == e)[:capacity]
        if len(idx):
            w = g[idx] / g[idx].sum() * len(idx) if len(idx) > 1 else g[idx]
            y[idx] = x[idx] + (w[:, None] * expert(x[idx])).astype(x.dtype)
    return y
